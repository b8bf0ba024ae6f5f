import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { COVER_SVG, GITIGNORE, POSTFOLIO_ENV, SAMPLE_POST, SITE_YAML } from './init-template.js';

/** The published JSON Schemas: docs/schema/ of the package, from src/cli and dist/cli alike. */
const SCHEMA_DIR = fileURLToPath(new URL('../../docs/schema/', import.meta.url));

/** A folder that `init` may not fill: it exists and holds something. */
export class FolderNotEmptyError extends Error {}

/**
 * Writes a new content folder: a commented site.yaml, one post, a cover image, the JSON Schemas
 * that the two name for editors, and its settings (postfolio.env: its own store inside it). Refuses a folder that already holds files, so that an
 * owner's content is never overwritten. Returns the files written, relative to the folder.
 */
export async function initContentFolder(dir: string, now = new Date()): Promise<string[]> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    if (error.code === 'ENOTDIR') throw new FolderNotEmptyError(`${dir} is a file, not a folder`);
    throw error;
  });
  if (entries.length)
    throw new FolderNotEmptyError(
      `${dir} is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}); ` +
        'init writes a new content folder: name a new or empty one',
    );
  for (const sub of ['posts', 'images', 'schema']) await mkdir(join(dir, sub), { recursive: true });
  const files: Record<string, string> = {
    'site.yaml': SITE_YAML,
    'posts/hello-world.md': SAMPLE_POST(now.toISOString().slice(0, 10)),
    'images/cover.svg': COVER_SVG,
    'postfolio.env': POSTFOLIO_ENV,
    '.gitignore': GITIGNORE,
  };
  for (const [name, text] of Object.entries(files))
    await writeFile(join(dir, name), text, { flag: 'wx' });
  for (const name of ['site.schema.json', 'post.schema.json'])
    await copyFile(join(SCHEMA_DIR, name), join(dir, 'schema', name));
  return [...Object.keys(files), 'schema/site.schema.json', 'schema/post.schema.json'];
}

export async function initCommand(dir: string): Promise<void> {
  const files = await initContentFolder(dir);
  console.log(`Created ${dir}: ${files.join(', ')}`);
  console.log(`Its settings (port, store, …): ${join(dir, 'postfolio.env')}`);
  console.log(`Serve it:  npx postfolio serve ${dir}`);
  console.log(`After edits: npx postfolio import ${dir}`);
}

/** `postfolio init <dir>`. */
export function addInitCommand(program: Command): void {
  program
    .command('init')
    .summary('create a new content folder for your own site')
    .description(
      'Writes a commented site.yaml, one sample post, a cover image, the JSON Schemas that ' +
        'editors check the files with, and postfolio.env, the settings of the site (its store is ' +
        'data/postfolio.db inside the folder). The folder must be new or empty. Serve it with `postfolio serve <dir>`.',
    )
    .usage('<dir>')
    .argument('<dir>', 'a folder that does not exist yet, or is empty')
    .action(initCommand);
}
