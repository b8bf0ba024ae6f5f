import { join, relative, resolve } from 'node:path';
import { CONTENT_CHANNEL } from '../content-state/content-state.js';
import type { Store } from '../db/connection.js';
import { withRollbackJournal } from '../db/rollback-journal.js';
import { ContentRepository, type PostRow } from './content.repository.js';
import { listFiles } from './content-folder.js';
import type { ImageSizes } from './image-files.js';
import {
  keepOriginals,
  prepareImages,
  removeUnreferenced,
  removeWritten,
} from './image-publication.js';
import { ImagesRepository } from './images.repository.js';
import { sizeImages } from './image-sizes.js';
import { ImportError } from './content-errors.js';
import { createPostLoader } from './parse-pool.js';
import { SlugHistory } from './slug-history.js';
import {
  ContentFileError,
  type LoadedPost,
  type ParsedPost,
  type PostSource,
  POST_FILE_SUFFIXES,
} from './post-file.js';
import { loadSiteConfig, SITE_CONFIG_FILE } from './site-config.js';
import { PostTagsRepository, type TaggedPost } from './post-tags.repository.js';

export interface ImportOptions {
  contentDir: string;
  imagesDir: string;
  /** Remove posts (and unused categories) whose files are gone. */
  prune?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Images checked and their variants made or found (image-publication.ts). */
  onImageProgress?: (done: number, total: number) => void;
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
  /** Images whose variants this import made; the others' were found made already. */
  images: number;
  imagesReused: number;
  /** Threads that parsed posts beside the main one (0: all in-process). */
  threads: number;
  /** Where the time went, ms: reading, parsing and writing posts; merging the search index; committing. */
  phases: { posts: number; searchIndex: number; commit: number };
}

export { ImportError };

/**
 * Posts handed to the loader ahead of the one being written. While the main thread is busy
 * writing a batch (synchronous on SQLite), the threads work through this queue, so it must hold
 * more than a batch's worth of time; few enough to bound memory (≈ 40 KB a post in flight).
 */
const LOAD_AHEAD = 1024;
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
  const files = await listFiles(postsDir, POST_FILE_SUFFIXES);
  // Made before the transaction, so that no lock is held while images are encoded.
  const prepared = await prepareImages({
    from: imagesSource,
    to: options.imagesDir,
    names: availableImages,
    known: new Map((await new ImagesRepository(store.db).all()).map((r) => [r.name, r])),
    onProgress: options.onImageProgress,
  });
  failures.push(...prepared.failures);
  const imageSizes = prepared.sizes;
  const stored = new ContentRepository(store.db);
  const existing = await stored.existingSources();
  // Into a SQLite store without posts, an import has no old pages to keep readable: it may
  // write through a rollback journal (withRollbackJournal).
  const firstImport = store.engine === 'sqlite' && !(await stored.hasPosts());
  // From this many posts written, the SQLite search index is merged once at the end.
  const optimizeFrom = Math.max(
    options.optimizeSearchFrom ?? OPTIMIZE_SEARCH_FROM,
    existing.size / 10,
  );

  const rollback = new Error('rollback');
  const loader = createPostLoader(files.length);
  let summary: ImportSummary | undefined;
  const started = performance.now();
  let committing = 0;
  const writeAll = () =>
    store.db.transaction().execute(async (trx) => {
      const repository = new ContentRepository(trx);
      const tagLinks = new PostTagsRepository(trx);
      const now = new Date().toISOString();
      const slugsBefore = await repository.allSlugs();
      const categoryIds = site
        ? await repository.upsertCategories(site.categories)
        : new Map<string, number>();
      const seenSlugs = new Map<string, string>();
      const history = new SlugHistory(trx, now);
      let pending: PostRow[] = [];
      let pendingTags: TaggedPost[] = [];
      let created = 0;
      let updated = 0;
      let unchanged = 0;
      let mergesPaused = false;

      const flush = async () => {
        // Once anything failed the transaction will be rolled back: stop writing, keep checking.
        if (failures.length === 0 && pending.length) {
          await repository.upsertPosts(pending, now);
          await tagLinks.replaceLinks(pendingTags);
        }
        pending = [];
        pendingTags = [];
      };

      const sourceOf = (file: string): PostSource => {
        const path = relative(contentDir, file);
        const before = existing.get(path);
        // A post is skipped only when its file and everything it refers to are still as stored.
        const stillValid =
          before && categorySlugs.has(before.category) && availableImages.has(before.image);
        return { file, path, knownHash: stillValid ? (before.hash ?? undefined) : undefined };
      };
      // Posts load ahead of the one being checked, so the threads keep parsing while a batch
      // is written; results are taken in file order.
      const ahead: { path: string; loading: Promise<LoadedPost> }[] = [];
      let launched = 0;
      for (let index = 0; index < files.length; index++) {
        for (; launched < Math.min(files.length, index + LOAD_AHEAD); launched++) {
          const source = sourceOf(files[launched]!);
          const loading = loader.load(source);
          loading.catch(() => {}); // awaited below, in file order
          ahead.push({ path: source.path, loading });
        }
        const { path, loading } = ahead.shift()!;
        try {
          const loaded = await loading;
          let slug: string;
          if (!loaded.post) {
            slug = existing.get(path)!.slug;
            unchanged += 1;
          } else {
            const post = checkedPost(
              path,
              loaded.post,
              site ? categorySlugs : null,
              availableImages,
            );
            slug = post.slug;
            const renamed = await history.readPost(
              path,
              slug,
              post.aliases,
              existing.get(path)?.slug,
            );
            if (slugsBefore.has(slug) || renamed) updated += 1;
            else created += 1;
            pending.push(toRow(post, path, loaded.hash, categoryIds, imageSizes));
            pendingTags.push({ slug, tags: post.tags, publishedAt: post.publishedAt });
            if (!mergesPaused && store.engine === 'sqlite' && created + updated >= optimizeFrom) {
              // This import will merge the whole index at its end: merging on the way is wasted.
              await repository.pauseSearchIndexMerges();
              mergesPaused = true;
            }
          }
          const twin = seenSlugs.get(slug);
          if (twin) throw new ContentFileError(path, [`slug "${slug}" is already used by ${twin}`]);
          seenSlugs.set(slug, path);
        } catch (error) {
          if (!(error instanceof ContentFileError)) throw error;
          failures.push(error);
        }
        options.onProgress?.(index + 1, files.length);
        if (pending.length >= WRITE_BATCH) await flush();
      }
      await flush();
      if (site && failures.length === 0)
        failures.push(...(await history.settle(seenSlugs, options.prune === true)));
      const postsDone = performance.now();
      if (failures.length || !site) throw rollback;
      // The variants' files are written already; their rows commit with the posts, and files no
      // row stands for any more are removed only after the commit (removeUnreferenced).
      const imageRows = new ImagesRepository(trx);
      await imageRows.save(prepared.records);
      const imagesGone = options.prune
        ? await imageRows.deleteExcept(new Set(prepared.records.map((r) => r.name)))
        : 0;
      const images = prepared.processed;

      const merging = performance.now();
      if (mergesPaused) {
        await repository.resumeSearchIndexMerges();
        await repository.optimizeSearchIndex();
      }
      const searchIndex = performance.now() - merging;

      let deleted = 0;
      if (options.prune) {
        await history.prune(new Set(seenSlugs.keys()));
        deleted = await repository.deletePostsExcept(new Set(seenSlugs.keys()));
        await repository.deleteUnusedCategoriesExcept(categorySlugs);
      }
      await tagLinks.deleteUnusedTags();
      await history.finish();
      const siteJson = JSON.stringify(site);
      // Publishing moves the content version, which drops every instance's caches: only on change.
      const imagesMoved = prepared.changed || imagesGone > 0;
      if (
        created ||
        updated ||
        deleted ||
        imagesMoved ||
        (await repository.siteJson()) !== siteJson
      ) {
        await repository.publish(siteJson, now);
        if (store.engine === 'postgres') await repository.notify(CONTENT_CHANNEL);
      }
      summary = {
        created,
        updated,
        unchanged,
        deleted,
        categories: site.categories.length,
        images,
        imagesReused: prepared.reused,
        threads: loader.threads,
        phases: { posts: postsDone - started, searchIndex, commit: 0 },
      };
      committing = performance.now();
    });
  try {
    await (firstImport ? withRollbackJournal(store.db, writeAll) : writeAll());
    summary!.phases.commit = performance.now() - committing;
  } catch (error) {
    await removeWritten(prepared.written);
    if (error === rollback) throw new ImportError(failures);
    throw error;
  } finally {
    await loader.close();
  }
  await keepOriginals(imagesSource, options.imagesDir, prepared.originals);
  await removeUnreferenced(options.imagesDir, await new ImagesRepository(store.db).all());
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
    word_count: post.wordCount,
    reading_minutes: post.readingMinutes,
    toc_json: JSON.stringify(post.toc),
    published_at: post.publishedAt,
    draft: post.draft ? 1 : 0,
    modified_at: post.updatedAt,
    image_alt: post.imageAlt,
    source_path: path,
    source_hash: hash,
  };
}
