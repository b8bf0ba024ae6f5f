import { copyFile, mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Store } from '../db/connection.js';
import { ContentRepository, type PostRow } from './content.repository.js';
import { ContentFileError, parsePostFile, sourceHash, type ParsedPost } from './post-file.js';
import { loadSiteConfig, SITE_CONFIG_FILE } from './site-config.js';

export interface ImportOptions {
  contentDir: string;
  imagesDir: string;
  /** Remove posts (and unused categories) whose files are gone. */
  prune?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  categories: number;
  images: number;
}

/** Every bad file of an import, each with its problems; nothing was written. */
export class ImportError extends Error {
  constructor(readonly failures: ContentFileError[]) {
    super(
      `Import refused, nothing was written: ${failures.length} file(s) with problems\n` +
        failures.map((f) => `  ${f.message}`).join('\n'),
    );
  }
}

async function listFiles(dir: string, suffix: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(suffix) && !e.name.startsWith('.'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Copies images whose size or age differ; each through a temporary name, so none is half-written. */
async function copyImages(from: string, to: string, names: Iterable<string>): Promise<number> {
  await mkdir(to, { recursive: true });
  let copied = 0;
  for (const name of names) {
    const source = join(from, name);
    const target = join(to, name);
    const [a, b] = await Promise.all([stat(source), stat(target).catch(() => null)]);
    if (b && b.size === a.size && b.mtimeMs >= a.mtimeMs) continue;
    const temporary = `${target}.${process.pid}.tmp`;
    await copyFile(source, temporary);
    await rename(temporary, target);
    copied += 1;
  }
  return copied;
}

/**
 * Syncs a content folder into the store in one transaction: all files are read and checked
 * first, and any problem refuses the whole import. Unchanged files are skipped by hash.
 */
export async function importContent(store: Store, options: ImportOptions): Promise<ImportSummary> {
  const contentDir = resolve(options.contentDir);
  const postsDir = join(contentDir, 'posts');
  const imagesSource = join(contentDir, 'images');
  const failures: ContentFileError[] = [];

  const site = await loadSiteConfig(join(contentDir, SITE_CONFIG_FILE)).catch((error: unknown) => {
    if (error instanceof ContentFileError) {
      failures.push(error);
      return null;
    }
    throw error;
  });
  const categorySlugs = new Set(site?.categories.map((c) => c.slug));
  const availableImages = new Set(
    (await listFiles(imagesSource, '')).map((file) => relative(imagesSource, file)),
  );

  const files = await listFiles(postsDir, '.md');
  const existing = await new ContentRepository(store.db).existingSources();
  const changed: Array<{ path: string; hash: string; post: ParsedPost }> = [];
  const seenSlugs = new Map<string, string>();
  const neededImages = new Set<string>(site?.portfolio.products.map((p) => p.image));
  let unchanged = 0;

  for (const [index, file] of files.entries()) {
    const path = relative(contentDir, file);
    const raw = await readFile(file, 'utf8');
    const hash = sourceHash(raw);
    const before = existing.get(path);
    let slug: string;
    try {
      if (before && before.hash === hash) {
        slug = before.slug;
        unchanged += 1;
      } else {
        const post = parsePostFile(path, raw);
        const problems: string[] = [];
        if (site && !categorySlugs.has(post.categorySlug))
          problems.push(
            `"category": "${post.categorySlug}" is not a category of ${SITE_CONFIG_FILE}`,
          );
        for (const image of post.images) {
          if (!availableImages.has(image)) problems.push(`image "${image}" is not in images/`);
          neededImages.add(image);
        }
        if (problems.length) throw new ContentFileError(path, problems);
        changed.push({ path, hash, post });
        slug = post.slug;
      }
      const twin = seenSlugs.get(slug);
      if (twin) throw new ContentFileError(path, [`slug "${slug}" is already used by ${twin}`]);
      seenSlugs.set(slug, path);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      failures.push(error);
    }
    options.onProgress?.(index + 1, files.length);
  }
  for (const image of neededImages) {
    if (!availableImages.has(image) && site?.portfolio.products.some((p) => p.image === image))
      failures.push(
        new ContentFileError(join(contentDir, SITE_CONFIG_FILE), [
          `product image "${image}" is not in images/`,
        ]),
      );
  }
  if (failures.length || !site) throw new ImportError(failures);

  const images = await copyImages(imagesSource, options.imagesDir, availableImages);
  const now = new Date().toISOString();
  const summary = await store.db.transaction().execute(async (trx) => {
    const repository = new ContentRepository(trx);
    const slugsBefore = await repository.allSlugs();
    const categoryIds = await repository.upsertCategories(site.categories);
    const rows: PostRow[] = changed.map(({ path, hash, post }) => ({
      slug: post.slug,
      title: post.title,
      category_id: categoryIds.get(post.categorySlug)!,
      summary: post.summary,
      image: post.image,
      content_html: post.html,
      body_text: post.text,
      published_at: post.publishedAt,
      draft: post.draft ? 1 : 0,
      source_path: path,
      source_hash: hash,
    }));
    await repository.upsertPosts(rows, now);
    let deleted = 0;
    if (options.prune) {
      deleted = await repository.deletePostsExcept(new Set(seenSlugs.keys()));
      await repository.deleteUnusedCategoriesExcept(categorySlugs);
    }
    const siteJson = JSON.stringify(site);
    // Publishing moves the content version, which drops every instance's caches: only on change.
    if (rows.length || deleted || (await repository.siteJson()) !== siteJson)
      await repository.publish(siteJson, now);
    const created = rows.filter((r) => !slugsBefore.has(r.slug)).length;
    return {
      created,
      updated: rows.length - created,
      unchanged,
      deleted,
      categories: site.categories.length,
      images,
    };
  });
  return summary;
}
