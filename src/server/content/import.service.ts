import { copyFile, mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Store } from '../db/connection.js';
import { ContentRepository, type PostRow } from './content.repository.js';
import { readImageSizes, sizeImages, type ImageSizes } from './image-sizes.js';
import { ImportError } from './content-errors.js';
import { createPostParser } from './parse-pool.js';
import { ContentFileError, sourceHash, type ParsedPost } from './post-file.js';
import { loadSiteConfig, SITE_CONFIG_FILE } from './site-config.js';

export interface ImportOptions {
  contentDir: string;
  imagesDir: string;
  /** Remove posts (and unused categories) whose files are gone. */
  prune?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Posts written from which the SQLite search index is merged afterwards (tests lower it). */
  optimizeSearchFrom?: number;
}

/**
 * A bulk import leaves SQLite's search index in many segments; merging them costs a pass over
 * the whole index, so it is done when an import wrote at least this many posts and at least a
 * tenth of the store. Smaller writes are merged by FTS5 itself as they come.
 */
const OPTIMIZE_SEARCH_FROM = 1000;

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  categories: number;
  images: number;
  /** Threads that parsed posts beside the main one (0: all in-process). */
  threads: number;
}

export { ImportError };

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
 * Files read and handed to the parser at once. While the main thread is busy writing a batch
 * (synchronous on SQLite), the parser threads work through this queue, so it must hold more
 * than a batch's worth of time; few enough to bound memory (≈ 40 KB a post in flight).
 */
const READ_AHEAD = 256;
/** Rows written per batch inside the import's transaction. */
const WRITE_BATCH = 400;

/**
 * Syncs a content folder into the store in one transaction. Posts are parsed and written in
 * batches as they are read, so memory stays flat; any bad file rolls the whole transaction back
 * and is reported with the others. Unchanged files are skipped by hash.
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
  for (const product of site?.portfolio.products ?? []) {
    if (!availableImages.has(product.image))
      failures.push(
        new ContentFileError(join(contentDir, SITE_CONFIG_FILE), [
          `product image "${product.image}" is not in images/`,
        ]),
      );
  }
  const files = await listFiles(postsDir, '.md');
  const imageSizes = await readImageSizes(imagesSource, availableImages);
  const existing = await new ContentRepository(store.db).existingSources();

  const rollback = new Error('rollback');
  const parser = createPostParser(files.length);
  let summary: ImportSummary | undefined;
  try {
    await store.db.transaction().execute(async (trx) => {
      const repository = new ContentRepository(trx);
      const now = new Date().toISOString();
      const slugsBefore = await repository.allSlugs();
      const categoryIds = site
        ? await repository.upsertCategories(site.categories)
        : new Map<string, number>();
      const seenSlugs = new Map<string, string>();
      let pending: PostRow[] = [];
      let created = 0;
      let updated = 0;
      let unchanged = 0;

      const flush = async () => {
        // Once anything failed the transaction will be rolled back: stop writing, keep checking.
        if (failures.length === 0 && pending.length) await repository.upsertPosts(pending, now);
        pending = [];
      };

      // Reading and parsing of the next chunk runs while this one is checked and written.
      const prepare = async (from: number) => {
        const chunk = files.slice(from, from + READ_AHEAD);
        const raws = await Promise.all(chunk.map((file) => readFile(file, 'utf8')));
        return chunk.map((file, offset) => {
          const path = relative(contentDir, file);
          const raw = raws[offset]!;
          const hash = sourceHash(raw);
          const before = existing.get(path);
          const unchangedBefore =
            before &&
            before.hash === hash &&
            categorySlugs.has(before.category) &&
            availableImages.has(before.image)
              ? before
              : undefined;
          const parsed = unchangedBefore ? undefined : parser.parse(path, raw);
          parsed?.catch(() => {}); // awaited below, in file order
          return { path, hash, unchangedBefore, parsed };
        });
      };

      let next = prepare(0);
      for (let start = 0; start < files.length; start += READ_AHEAD) {
        const items = await next;
        if (start + READ_AHEAD < files.length) next = prepare(start + READ_AHEAD);
        for (const [offset, item] of items.entries()) {
          try {
            let slug: string;
            if (item.unchangedBefore) {
              slug = item.unchangedBefore.slug;
              unchanged += 1;
            } else {
              const post = checkedPost(
                item.path,
                await item.parsed!,
                site ? categorySlugs : null,
                availableImages,
              );
              slug = post.slug;
              if (slugsBefore.has(slug)) updated += 1;
              else created += 1;
              pending.push(toRow(post, item.path, item.hash, categoryIds, imageSizes));
            }
            const twin = seenSlugs.get(slug);
            if (twin)
              throw new ContentFileError(item.path, [`slug "${slug}" is already used by ${twin}`]);
            seenSlugs.set(slug, item.path);
          } catch (error) {
            if (!(error instanceof ContentFileError)) throw error;
            failures.push(error);
          }
          options.onProgress?.(start + offset + 1, files.length);
        }
        if (pending.length >= WRITE_BATCH) await flush();
      }
      await flush();
      if (failures.length || !site) throw rollback;
      // Copied once everything checked out, before the commit: a refused import copies nothing,
      // and a failed copy rolls the transaction back.
      const images = await copyImages(imagesSource, options.imagesDir, availableImages);

      const written = created + updated;
      const optimizeFrom = options.optimizeSearchFrom ?? OPTIMIZE_SEARCH_FROM;
      if (store.engine === 'sqlite' && written >= Math.max(optimizeFrom, existing.size / 10))
        await repository.optimizeSearchIndex();

      let deleted = 0;
      if (options.prune) {
        deleted = await repository.deletePostsExcept(new Set(seenSlugs.keys()));
        await repository.deleteUnusedCategoriesExcept(categorySlugs);
      }
      const siteJson = JSON.stringify(site);
      // Publishing moves the content version, which drops every instance's caches: only on change.
      if (created || updated || deleted || (await repository.siteJson()) !== siteJson)
        await repository.publish(siteJson, now);
      summary = {
        created,
        updated,
        unchanged,
        deleted,
        categories: site.categories.length,
        images,
        threads: parser.threads,
      };
    });
  } catch (error) {
    if (error === rollback) throw new ImportError(failures);
    throw error;
  } finally {
    await parser.close();
  }
  return summary!;
}

/** Checks what only the folder can tell of a parsed post: its category and images exist. */
function checkedPost(
  path: string,
  post: ParsedPost,
  categorySlugs: Set<string> | null,
  availableImages: Set<string>,
): ParsedPost {
  const problems: string[] = [];
  if (categorySlugs && !categorySlugs.has(post.categorySlug))
    problems.push(`"category": "${post.categorySlug}" is not a category of ${SITE_CONFIG_FILE}`);
  for (const image of post.images) {
    if (!availableImages.has(image)) problems.push(`image "${image}" is not in images/`);
  }
  if (problems.length) throw new ContentFileError(path, problems);
  return post;
}

function toRow(
  post: ParsedPost,
  path: string,
  hash: string,
  categoryIds: Map<string, number>,
  imageSizes: ImageSizes,
): PostRow {
  return {
    slug: post.slug,
    title: post.title,
    category_id: categoryIds.get(post.categorySlug)!,
    summary: post.summary,
    image: post.image,
    content_html: sizeImages(post.html, imageSizes),
    body_text: post.text,
    published_at: post.publishedAt,
    draft: post.draft ? 1 : 0,
    source_path: path,
    source_hash: hash,
  };
}
