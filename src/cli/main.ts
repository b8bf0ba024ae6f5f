import { runCli } from './run.js';

process.exitCode = await runCli(process.argv);
