import type { Kysely } from 'kysely';
import type { Store } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { ImportError } from './content-errors.js';
import { ContentRepository, type StoredSource } from './content.repository.js';
import { removeWritten, type PreparedImages } from './image-publication.js';
import { readContentFolder, type ContentFolder } from './import-stages/folder.js';
import { prepareFolderImages, saveImageRows, settleImageFiles } from './import-stages/images.js';
import {
  prepareBrandImages,
  settleBrandImages,
  type PreparedBrand,
} from './import-stages/brand-images.js';
import { checkedPost, loadInOrder, sourceFor } from './import-stages/parse.js';
import { ImportPlan } from './import-stages/plan.js';
import { publishVersion, removeGonePosts } from './import-stages/publish.js';
import {
  createImportTarget,
  type BulkWrite,
  type ImportTarget,
  type TargetOptions,
} from './import-stages/target.js';
import { PostWriter, toRow } from './import-stages/write.js';
import { createPostLoader, type PostLoader } from './parse-pool.js';
import { ContentFileError, type LoadedPost } from './post-file.js';
import { PostTagsRepository } from './post-tags.repository.js';
import { SlugHistory } from './slug-history.js';

export interface ImportOptions extends TargetOptions {
  contentDir: string;
  imagesDir: string;
  /** Remove posts (and unused categories) whose files are gone. */
  prune?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Images checked and their variants made or found (image-publication.ts). */
  onImageProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  categories: number;
  /** Images whose variants this import made; the others' were found made already. */
  images: number;
  imagesReused: number;
  /** Drawings of the brand this import made (the icon's files, the site's card); 0 when unchanged. */
  brandImages: number;
  /** Threads that parsed posts beside the main one (0: all in-process). */
  threads: number;
  /** Where the time went, ms: reading, parsing and writing posts; merging the search index; committing. */
  phases: { posts: number; searchIndex: number; commit: number };
  /** What was imported but costs readers something (theme.css's), each `file:line: words`. */
  warnings: string[];
}

export { ImportError };

/** One import's inputs, read before its transaction. */
interface ImportJob {
  options: ImportOptions;
  folder: ContentFolder;
  images: PreparedImages;
  brand: PreparedBrand;
  existing: Map<string, StoredSource>;
  loader: PostLoader;
  target: ImportTarget;
  started: number;
}

/** What writing one post file needs, inside the transaction. */
interface PostStep {
  folder: ContentFolder;
  images: PreparedImages;
  plan: ImportPlan;
  history: SlugHistory;
  writer: PostWriter;
  categoryIds: Map<string, number>;
}

/** Thrown inside the transaction to roll it back when a file was refused. */
const ROLLBACK = new Error('rollback');

/**
 * Syncs a content folder into the store in one transaction, in stages: read the folder, make
 * the images' files, then inside the transaction parse, check and write the posts in batches as
 * they are read (memory stays flat), and publish the new content version. Any bad file rolls
 * the whole transaction back and is reported with the others. Unchanged files are skipped by hash.
 */
export async function importContent(store: Store, options: ImportOptions): Promise<ImportSummary> {
  const folder = await readContentFolder(options.contentDir);
  const images = await prepareFolderImages(
    store.db,
    folder,
    options.imagesDir,
    options.onImageProgress,
  );
  const brand = await prepareBrandImages(folder, images, options.imagesDir);
  const existing = await new ContentRepository(store.db).existingSources();
  const target = createImportTarget(store, options);
  const loader = createPostLoader(folder.files.length);
  const job = {
    options,
    folder,
    images,
    brand,
    existing,
    loader,
    target,
    started: performance.now(),
  };
  let committing = 0;
  let summary: ImportSummary;
  try {
    summary = await target.run(() =>
      store.db.transaction().execute(async (trx) => {
        const written = await importInTransaction(trx, job);
        committing = performance.now();
        return written;
      }),
    );
    summary.phases.commit = performance.now() - committing;
  } catch (error) {
    await removeWritten([...images.written, ...brand.written]);
    if (error === ROLLBACK) throw new ImportError(folder.failures);
    throw error;
  } finally {
    await loader.close();
  }
  await settleImageFiles(store.db, folder, options.imagesDir, images);
  await settleBrandImages(options.imagesDir, brand);
  return summary;
}

async function importInTransaction(trx: Kysely<Database>, job: ImportJob): Promise<ImportSummary> {
  const { folder, images } = job;
  const now = new Date().toISOString();
  const repository = new ContentRepository(trx);
  const bulk = job.target.bulkWrite(trx, job.existing.size);
  const step = await startPosts(trx, job, bulk, now);
  await writePosts(job, step);
  const { plan, history } = step;
  const prune = job.options.prune === true;
  if (folder.site && folder.failures.length === 0)
    folder.failures.push(...(await history.settle(plan.slugs, prune)));
  const postsDone = performance.now();
  if (folder.failures.length || !folder.site) throw ROLLBACK;
  const imagesMoved = await saveImageRows(trx, images, prune);
  const merging = performance.now();
  await bulk.afterPosts();
  const searchIndex = performance.now() - merging;
  const deleted = prune
    ? await removeGonePosts(repository, history, plan, folder.categorySlugs, step.writer.changes)
    : 0;
  await new PostTagsRepository(trx).deleteUnusedTags();
  await history.finish();
  await publishVersion(
    repository,
    bulk,
    folder.site,
    {
      written: plan.written,
      deleted,
      imagesMoved,
      slugsMoved: history.renamed,
      posts: step.writer.changes,
    },
    now,
    folder.theme?.css ?? null,
  );
  return {
    created: plan.created,
    updated: plan.updated,
    unchanged: plan.unchanged,
    deleted,
    categories: folder.site.categories.length,
    images: images.processed,
    imagesReused: images.reused,
    brandImages: job.brand.drawn,
    threads: job.loader.threads,
    phases: { posts: postsDone - job.started, searchIndex, commit: 0 },
    warnings: folder.theme?.warnings ?? [],
  };
}

/** The state every post file is taken with: the slugs stored before, the categories' ids. */
async function startPosts(
  trx: Kysely<Database>,
  job: ImportJob,
  bulk: BulkWrite,
  now: string,
): Promise<PostStep> {
  const { folder } = job;
  const repository = new ContentRepository(trx);
  const plan = new ImportPlan(job.existing, await repository.allSlugs());
  const categoryIds = folder.site
    ? await repository.upsertCategories(folder.site.categories)
    : new Map<string, number>();
  const writer = new PostWriter(
    repository,
    new PostTagsRepository(trx),
    bulk,
    now,
    () => folder.failures.length > 0,
  );
  const history = new SlugHistory(trx, now);
  return { folder, images: job.images, plan, history, writer, categoryIds };
}

/** Parses, checks and writes every post file in file order; bad files land in the failures. */
async function writePosts(job: ImportJob, step: PostStep): Promise<void> {
  const { folder } = job;
  const loads = loadInOrder(job.loader, folder.files, sourceFor(folder, job.existing));
  let done = 0;
  for (const { path, loading } of loads) {
    try {
      await takePost(step, path, await loading);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      folder.failures.push(error);
    }
    job.options.onProgress?.(++done, folder.files.length);
    await step.writer.flushIfFull();
  }
  await step.writer.flush();
}

/** One loaded file: kept when unchanged, else checked, its old slug and aliases read, queued. */
async function takePost(step: PostStep, path: string, loaded: LoadedPost): Promise<void> {
  const { plan, folder } = step;
  if (!loaded.post) {
    plan.claim(plan.keep(path), path);
    return;
  }
  const post = checkedPost(
    path,
    loaded.post,
    folder.site ? folder.categorySlugs : null,
    folder.availableImages,
  );
  const renamed = await step.history.readPost(path, post.slug, post.aliases, plan.storedSlug(path));
  plan.write(post.slug, renamed);
  step.writer.add(toRow(post, path, loaded.hash, step.categoryIds, step.images.sizes), {
    slug: post.slug,
    tags: post.tags,
    publishedAt: post.publishedAt,
  });
  plan.claim(post.slug, path);
}
