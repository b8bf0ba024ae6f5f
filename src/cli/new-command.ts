import type { Command } from 'commander';
import { loadConfig } from '../server/config.js';

async function newPost(words: string[], options: { category?: string; dir?: string }) {
  const { writeNewPost } = await import('./new-post.js');
  const file = await writeNewPost({
    title: words.join(' '),
    category: options.category,
    contentDir: options.dir ?? loadConfig().contentDir,
  });
  console.log(file);
}

/** `postfolio new "Post title" [--category c] [--dir CONTENT_DIR]`. */
export function addNewCommand(program: Command): void {
  program
    .command('new')
    .summary('write a new draft post file into the content folder')
    .description(
      'Writes posts/<slug>.md with front matter (draft: true) that imports as it is, and prints its ' +
        "path. The cover image is images/<slug>.* when there is one, else the folder's first " +
        'image (cover.svg when it has none). An existing file is never overwritten.',
    )
    .usage('"Post title" [--category c] [--dir CONTENT_DIR]')
    .argument('<title...>', 'the post title (quoted, or its words)')
    .option('--category <slug>', 'its category (default: the first of site.yaml)')
    .option('--dir <dir>', 'the content folder (default: CONTENT_DIR, else content)')
    .action(newPost);
}
