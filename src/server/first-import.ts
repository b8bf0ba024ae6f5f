import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from './config.js';

/** The bundled CLI (dist/server → dist/bundle, scripts/bundle-server.js). */
const CLI_MAIN = fileURLToPath(new URL('../bundle/postfolio.js', import.meta.url));

/** A command that failed in a child process, which has already printed why. */
export class ReportedFailure extends Error {
  constructor(readonly status: number) {
    super('');
  }
}

/**
 * Runs `postfolio import <content folder>` in a process of its own, its output on this one's.
 * The server is started with a small heap (`npm start`: 64 MB), and what a first import holds of
 * a large folder does not fit in it (100,000 posts ran out of memory); the child has Node's
 * default heap and gives it back when it exits. SIGTERM and SIGINT reach the import too, so a
 * stopped start leaves no import writing on its own (it rolls back).
 */
export async function importInOwnProcess(config: ServerConfig): Promise<void> {
  const child = spawn(process.execPath, [CLI_MAIN, 'import', config.contentDir], {
    env: {
      ...process.env,
      CONTENT_DIR: config.contentDir,
      IMAGES_DIR: config.imagesDir,
      DATABASE_URL: config.databaseUrl,
    },
    stdio: 'inherit',
  });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = forward('SIGTERM');
  const onInt = forward('SIGINT');
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  try {
    const status = await new Promise<number>((done, fail) => {
      child.once('error', fail);
      // A child ended by a signal: the status a shell reports for it.
      child.once('exit', (code, signal) => done(code ?? 128 + constants.signals[signal!]));
    });
    if (status !== 0) throw new ReportedFailure(status);
  } finally {
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
  }
}
