// Imported by every entry point after node-check.js, before the CLI's own modules: Node keeps the
// V8 code of what it compiled on disk (in os.tmpdir(), or where NODE_COMPILE_CACHE says), so a
// start, a command, a worker or the first import's own process loads its two thousand modules
// without compiling them again (about a fifth of a start's CPU on this project's 2-core hosts).
// It stays off, silently, where that folder cannot be written (a read-only root, say).
import module from 'node:module';

const { directory } = module.enableCompileCache?.() ?? {};
// Cluster workers, the first import's process and worker threads start with this environment.
if (directory) process.env.NODE_COMPILE_CACHE = directory;
