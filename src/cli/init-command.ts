import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { LINK_KINDS } from '../shared/schemas/brand.js';
import { answersFromFlags, type InitAnswers, type InitFlags } from './init-answers.js';
import { askAnswers, DEFAULT_ACCENT } from './init-prompts.js';
import { siteYaml } from './init-site-yaml.js';
import { COVER_SVG, GITIGNORE, POSTFOLIO_ENV, SAMPLE_POST } from './init-template.js';

/** The published JSON Schemas: docs/schema/ of the package, from src/cli and dist/cli alike. */
const SCHEMA_DIR = fileURLToPath(new URL('../../docs/schema/', import.meta.url));
const SCHEMAS = ['site.schema.json', 'post.schema.json'];

/** A folder that `init` may not fill: it exists and holds something. */
export class FolderNotEmptyError extends Error {}

/**
 * Refuses a folder that holds anything (but `own`, the staging folder of writeFolder), so that an
 * owner's content is never overwritten.
 */
async function checkFolderFree(dir: string, own?: string): Promise<void> {
  const found = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    if (error.code === 'ENOTDIR') throw new FolderNotEmptyError(`${dir} is a file, not a folder`);
    throw error;
  });
  const entries = found.filter((entry) => entry !== own);
  if (entries.length)
    throw new FolderNotEmptyError(
      `${dir} is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}); ` +
        'init writes a new content folder: name a new or empty one',
    );
}

/** Removes the folders `mkdir -p` made for `dir`, from `dir` up to `made`, while they are empty. */
async function removeMadeFolders(dir: string, made: string): Promise<void> {
  for (let at = resolve(dir); at.startsWith(made); at = dirname(at)) {
    const removed = await rmdir(at).then(
      () => true,
      () => false,
    );
    if (!removed || at === made) return;
  }
}

/**
 * Writes every file into a hidden folder inside `dir`, then moves them up, so that a failure or
 * an abort (Ctrl-C while it writes) leaves `dir` as it was: empty, or not there at all.
 */
async function writeFolder(
  dir: string,
  files: Record<string, string>,
  signal?: AbortSignal,
): Promise<void> {
  const made = await mkdir(dir, { recursive: true });
  const staging = await mkdtemp(join(dir, '.postfolio-init-'));
  const moved: string[] = [];
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(staging, name)), { recursive: true });
      await writeFile(join(staging, name), text, { flag: 'wx' });
    }
    signal?.throwIfAborted();
    await checkFolderFree(dir, basename(staging));
    for (const entry of await readdir(staging)) {
      await rename(join(staging, entry), join(dir, entry));
      moved.push(entry);
    }
  } catch (error) {
    for (const entry of moved) await rm(join(dir, entry), { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
    if (made) await removeMadeFolders(dir, resolve(made));
    throw error;
  }
  await rmdir(staging);
}

export interface InitOptions {
  /** What goes into site.yaml (the rest keeps the template's defaults). */
  answers?: InitAnswers;
  /** The sample post's date. */
  now?: Date;
  /** Aborted before the files are in place, nothing is left. */
  signal?: AbortSignal;
}

/**
 * Writes a new content folder: a commented site.yaml with the answers in it, one post, a cover
 * image, the JSON Schemas that the two name for editors, and its settings (postfolio.env: its own
 * store inside it). Refuses a folder that already holds files. Returns the files written,
 * relative to the folder.
 */
export async function initContentFolder(
  dir: string,
  { answers = {}, now = new Date(), signal }: InitOptions = {},
): Promise<string[]> {
  await checkFolderFree(dir);
  const files: Record<string, string> = {
    'site.yaml': siteYaml(answers),
    'posts/hello-world.md': SAMPLE_POST(now.toISOString().slice(0, 10)),
    'images/cover.svg': COVER_SVG,
    'postfolio.env': POSTFOLIO_ENV,
    '.gitignore': GITIGNORE,
  };
  for (const name of SCHEMAS)
    files[`schema/${name}`] = await readFile(join(SCHEMA_DIR, name), 'utf8');
  await writeFolder(dir, files, signal);
  return Object.keys(files);
}

/** Whether `init` may ask: someone reads and types at a terminal, and --yes was not given. */
const mayAsk = (flags: InitFlags) =>
  !flags.yes && Boolean(process.stdin.isTTY) && Boolean(process.stdout.isTTY);

/** Ctrl-C at a prompt (the prompt reads it as a key), or the signal. */
const isStopped = (error: unknown) =>
  error instanceof Error &&
  ['ExitPromptError', 'AbortPromptError', 'AbortError'].includes(error.name);

/**
 * `init` itself: the flags' answers, then on a terminal the questions they leave, then the
 * folder. Ctrl-C (at a prompt, or SIGINT while it writes) stops it with nothing written: it
 * returns undefined.
 */
export async function runInit(
  dir: string,
  flags: InitFlags,
  { ask = mayAsk(flags) }: { ask?: boolean } = {},
): Promise<string[] | undefined> {
  let answers = answersFromFlags(flags);
  // Refused before the questions, not after them.
  await checkFolderFree(dir);
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  process.on('SIGINT', onSigint);
  try {
    if (ask) {
      console.log(
        'A few questions for site.yaml (Enter takes the default; change any answer there later):',
      );
      answers = await askAnswers(answers, { signal: stop.signal });
    }
    return await initContentFolder(dir, { answers, signal: stop.signal });
  } catch (error) {
    if (isStopped(error)) return undefined;
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function initCommand(dir: string, flags: InitFlags): Promise<void> {
  const files = await runInit(dir, flags);
  if (!files) {
    console.error('postfolio: init stopped; nothing was written');
    // What a shell reports for a command ended by Ctrl-C.
    process.exitCode = 130;
    return;
  }
  console.log(`Created ${dir}: ${files.join(', ')}`);
  console.log(`Its settings (port, store, …): ${join(dir, 'postfolio.env')}`);
  console.log(`Serve it:  npx postfolio serve ${dir}`);
  console.log(`After edits: npx postfolio import ${dir}`);
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `postfolio init <dir>`. */
export function addInitCommand(program: Command): void {
  program
    .command('init')
    .summary('create a new content folder for your own site')
    .description(
      'Writes a commented site.yaml, one sample post, a cover image, the JSON Schemas that ' +
        'editors check the files with, and postfolio.env, the settings of the site (its store is ' +
        'data/postfolio.db inside the folder). The folder must be new or empty. On a terminal it ' +
        'asks for your name, the title, a description, the address, the accent colour and your ' +
        'links, and writes them into site.yaml; a flag given is not asked, and without a terminal ' +
        '(or with --yes) nothing is. Serve it with `postfolio serve <dir>`.',
    )
    .usage('<dir> [--name …] [--title …] [--link kind=url …] [--yes]')
    .argument('<dir>', 'a folder that does not exist yet, or is empty')
    .option('--name <name>', "your name: the site's author and the portfolio's heading")
    .option('--title <title>', "the site's title")
    .option('--description <text>', 'the site in one line, for search engines and feeds')
    .option('--url <url>', 'where the site will live: https://…')
    .option('--accent <#rrggbb>', `the accent colour (default ${DEFAULT_ACCENT})`)
    .option(
      '--link <kind=url>',
      `one of your links, e.g. github=https://github.com/you; a label may follow the url after a space; repeatable. Kinds: ${LINK_KINDS.join(', ')}`,
      collect,
      [],
    )
    .option('-y, --yes', 'ask nothing: the defaults, with what the flags give')
    .action(initCommand);
}
