import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { useSite } from './site.js';
import { UsageError } from './usage.js';

/** The help of `postfolio dev`, beside its options. */
const DEV_DESCRIPTION =
  'Serves a content folder (default: CONTENT_DIR, else content) as the site at ' +
  'http://127.0.0.1:PORT and watches it: a saved post, site.yaml or image shows in every open ' +
  'tab within a second, without reloading by hand; a deleted or renamed file disappears. A file ' +
  'that cannot be imported is named with its line and problem, in the terminal and on the ' +
  'pages, while its last good version stays shown. The site lives in a SQLite store of its own ' +
  'in a temporary folder, removed on exit: DATABASE_URL and IMAGES_DIR are never touched, and ' +
  '`postfolio serve` shows nothing of it. Not for production: pages are not cached by browsers.';

/**
 * `postfolio dev [dir]`: the dev server on a store of its own in a temporary folder, until
 * SIGINT or SIGTERM, which close it and remove the folder.
 */
async function dev(dir: string | undefined, options: { port?: string }): Promise<void> {
  const { config: base } = useSite(dir);
  const contentDir = base.contentDir;
  if (!existsSync(contentDir)) throw new UsageError(`no content folder at ${contentDir}`);
  const port = Number(options.port ?? base.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError('--port takes a number from 0 to 65535');
  // Each save is an import: in parser threads it would load the highlighter again every time
  // (seconds), so dev parses in-process, where it stays loaded (dev has no 64 MB heap bound).
  process.env.POSTFOLIO_IMPORT_THREADS ??= '0';
  const workDir = mkdtempSync(join(tmpdir(), 'postfolio-dev-'));
  const config = {
    ...base,
    port,
    // A preview is for this machine unless HOST says otherwise.
    host: process.env.HOST || '127.0.0.1',
    databaseUrl: join(workDir, 'dev.db'),
    imagesDir: join(workDir, 'images'),
    contentDir,
    logLevel: process.env.LOG_LEVEL || 'warn',
    // Every page asks again each time: a browser must never show a page older than the folder.
    cachePolicy: { maxAge: 0, sharedMaxAge: 0, staleWhileRevalidate: 0 },
  };
  const { startDevServer } = await import('../server/dev/dev-server.js');
  let dev;
  try {
    console.log(`Importing ${contentDir} into a dev store (${config.databaseUrl})`);
    dev = await startDevServer({ config, contentDir, workDir });
    await dev.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await dev?.close().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  const address = dev.app.server.address();
  const listening = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(
    `postfolio dev: http://${shown}:${listening}/ (watching ${contentDir}; Ctrl-C stops)`,
  );
  const running = dev;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    running
      .close()
      .finally(() => rmSync(workDir, { recursive: true, force: true }))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** `postfolio dev [dir] [--port N]`. */
export function addDevCommand(program: Command): void {
  program
    .command('dev')
    .summary('preview a content folder: the site reloads itself as files are saved')
    .description(DEV_DESCRIPTION)
    .usage('[dir] [--port N]')
    .argument(
      '[dir]',
      'the site folder, with its postfolio.env (default: CONTENT_DIR, else content)',
    )
    .option('--port <n>', 'the port (default: PORT, else 3000; 0 picks a free one)')
    .action(dev);
}
