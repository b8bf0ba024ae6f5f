import type { Store } from '../db/connection.js';
import { ImportError } from './content-errors.js';
import { ContentRepository } from './content.repository.js';
import { removeWritten } from '../images/image-publication.js';
import { prepareBrandImages, settleBrandImages } from './import-stages/brand-images.js';
import { readContentFolder } from './import-stages/folder.js';
import { prepareFolderImages, saveImageRows, settleImageFiles } from './import-stages/images.js';
import { settleSlugs, startPosts, writePosts } from './import-stages/posts.js';
import { publishVersion, removeGonePosts } from './import-stages/publish.js';
import {
  TransactionRun,
  type ImportOptions,
  type PreparedImport,
  type Stage,
} from './import-stages/run.js';
import { createImportTarget } from './import-stages/target.js';
import { createPostLoader } from './parse-pool.js';

export type { ImportOptions };
export { ImportError };

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

/** Thrown inside the transaction to roll it back when a file was refused. */
const ROLLBACK = new Error('rollback');

/**
 * The stages inside the import's one transaction, in order (as Hugo's build runs its steps). A
 * refused file stops them at `check`, which rolls everything back.
 */
const TRANSACTION_STAGES: ReadonlyArray<Stage<TransactionRun>> = [
  { name: 'categories and slugs stored', run: startPosts },
  { name: 'posts', run: writePosts },
  { name: 'old slugs and aliases', run: settleSlugs },
  {
    name: 'check',
    run: async ({ folder }) => {
      if (folder.failures.length || !folder.site) throw ROLLBACK;
    },
  },
  {
    name: 'image rows',
    run: async (run) => {
      run.imagesMoved = await saveImageRows(run.trx, run.job.images, run.prune);
    },
  },
  { name: 'search index', run: (run) => run.bulk.afterPosts() },
  {
    name: 'prune',
    run: async (run) => {
      if (!run.prune) return;
      const { folder, history, plan, writer } = run;
      run.deleted = await removeGonePosts(
        run.repository,
        history,
        plan,
        folder.categorySlugs,
        writer.changes,
      );
    },
  },
  {
    name: 'unused tags',
    run: async (run) => {
      await run.tags.deleteUnusedTags();
    },
  },
  { name: 'slug history', run: (run) => run.history.finish() },
  {
    name: 'publish',
    run: async (run) => {
      const { folder, plan, history, writer } = run;
      await publishVersion(
        run.repository,
        run.bulk,
        folder.site!,
        {
          written: plan.written,
          deleted: run.deleted,
          imagesMoved: run.imagesMoved,
          slugsMoved: history.renamed,
          posts: writer.changes,
        },
        run.now,
        folder.theme?.css ?? null,
      );
    },
  },
];

/** After the commit: files no longer published removed, and those exports need kept. */
const SETTLE_STAGES: ReadonlyArray<Stage<PreparedImport>> = [
  {
    name: 'image files',
    run: (job) => settleImageFiles(job.store.db, job.folder, job.options.imagesDir, job.images),
  },
  { name: 'brand files', run: (job) => settleBrandImages(job.options.imagesDir, job.brand) },
];

/**
 * Syncs a content folder into the store in one transaction. Before it: the folder read, the
 * images' files and the brand's drawings made, the stored sources read. Inside it, the
 * TRANSACTION_STAGES: posts parsed, checked and written in batches as they are read (memory
 * stays flat), then the rest of the content and the new content version. After it, the
 * SETTLE_STAGES. Any bad file rolls the whole transaction back, removes what was drawn and is
 * reported with the others. Unchanged files are skipped by hash.
 */
export async function importContent(store: Store, options: ImportOptions): Promise<ImportSummary> {
  const job = await prepare(store, options);
  const timings = new Map<string, number>();
  let committing = 0;
  let summary: ImportSummary;
  try {
    summary = await job.target.run(() =>
      store.db.transaction().execute(async (trx) => {
        const run = new TransactionRun(trx, job);
        for (const stage of TRANSACTION_STAGES) {
          const started = performance.now();
          await stage.run(run);
          timings.set(stage.name, performance.now() - started);
        }
        committing = performance.now();
        return summarize(run, timings);
      }),
    );
    summary.phases.commit = performance.now() - committing;
  } catch (error) {
    await removeWritten([...job.images.written, ...job.brand.written]);
    if (error === ROLLBACK) throw new ImportError(job.folder.failures);
    throw error;
  } finally {
    await job.loader.close();
  }
  for (const stage of SETTLE_STAGES) await stage.run(job);
  return summary;
}

/** What is read and made before the transaction, so that it holds the store only to write. */
async function prepare(store: Store, options: ImportOptions): Promise<PreparedImport> {
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
  // The posts' phase runs from here: the folder and its images are behind.
  const started = performance.now();
  return { store, options, target, started, folder, images, brand, existing, loader };
}

function summarize(run: TransactionRun, timings: Map<string, number>): ImportSummary {
  const { job, plan, folder } = run;
  return {
    created: plan.created,
    updated: plan.updated,
    unchanged: plan.unchanged,
    deleted: run.deleted,
    categories: folder.site!.categories.length,
    images: job.images.processed,
    imagesReused: job.images.reused,
    brandImages: job.brand.drawn,
    threads: job.loader.threads,
    phases: {
      posts: run.postsDone - job.started,
      searchIndex: timings.get('search index') ?? 0,
      commit: 0,
    },
    warnings: folder.theme?.warnings ?? [],
  };
}
