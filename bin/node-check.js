// Imported first by every entry point, before anything that a too-old Node could not load: an
// owner on an unsupported Node reads one line saying which Node is needed, not a stack trace.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = /^>=\s*(\d+)\.(\d+)/.exec(engines.node);
const [major, minor] = process.versions.node.split('.').map(Number);
if (needed && (major < +needed[1] || (major === +needed[1] && minor < +needed[2]))) {
  console.error(
    `postfolio: needs Node.js ${needed[1]}.${needed[2]} or later (Node.js 24 LTS recommended); this is ${process.version}`,
  );
  process.exit(1);
}
