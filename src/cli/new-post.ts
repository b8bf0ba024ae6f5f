import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { stringify } from 'yaml';
import { loadSiteConfig, SITE_CONFIG_FILE } from '../server/content/site-config.js';
import { FrontMatter } from '../server/content/post-file.js';
import { slugify, slugProblem } from '../shared/slugs.js';
import { UsageError } from './usage.js';

/** The cover a new post names when the content folder has no image yet (add it before importing). */
export const DEFAULT_COVER = 'cover.svg';

export const SUMMARY_PLACEHOLDER = 'One line that tells a reader what the post is about.';
const BODY_PLACEHOLDER = 'Write the post here, in Markdown.\n';
/** The file names front matter takes as an image. */
const IMAGE_NAME = new RegExp(
  (FrontMatter.properties.image as unknown as { pattern: string }).pattern,
);

/** The post's own image (`images/<slug>.*`) if there is one, else the folder's first, else the default. */
async function coverFor(contentDir: string, slug: string): Promise<string> {
  const images = (await readdir(join(contentDir, 'images')).catch(() => [] as string[]))
    .filter((name) => IMAGE_NAME.test(name))
    .sort();
  return (
    images.find((name) => name.slice(0, -extname(name).length) === slug) ??
    images[0] ??
    DEFAULT_COVER
  );
}

/**
 * Writes `posts/<slug>.md` into a content folder: front matter that imports as it is (a draft,
 * dated now, in the given category or the first of site.yaml) and a line of body. Never
 * overwrites a file; returns the path written.
 */
export async function writeNewPost(options: {
  title: string;
  category?: string;
  contentDir: string;
}): Promise<string> {
  const title = options.title.trim();
  if (!title) throw new UsageError('new needs a title: postfolio new "Post title"');
  const slug = slugify(title);
  const problem = slugProblem(slug);
  if (problem)
    throw new UsageError(`the title "${title}" makes the slug "${slug}", which ${problem}`);
  const site = await loadSiteConfig(join(options.contentDir, SITE_CONFIG_FILE));
  const categories = site.categories.map((c) => c.slug);
  const category = options.category ?? categories[0];
  if (!category || !categories.includes(category))
    throw new UsageError(
      `category "${category ?? ''}" is not in ${join(options.contentDir, SITE_CONFIG_FILE)}; its categories: ${categories.join(', ') || 'none'}`,
    );
  const front = {
    title,
    slug,
    category,
    summary: SUMMARY_PLACEHOLDER,
    image: await coverFor(options.contentDir, slug),
    date: new Date().toISOString(),
    draft: true,
  };
  const postsDir = join(options.contentDir, 'posts');
  const file = join(postsDir, `${slug}.md`);
  await mkdir(postsDir, { recursive: true });
  try {
    await writeFile(file, `---\n${stringify(front, { lineWidth: 0 })}---\n\n${BODY_PLACEHOLDER}`, {
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${file} already exists; edit it, or choose another title`);
    throw error;
  }
  return file;
}
