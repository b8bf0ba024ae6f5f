import type { Kysely } from 'kysely';
import type { Store } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { ContentRepository, type StoredSource } from '../content.repository.js';
import type { PreparedImages } from '../../images/image-publication.js';
import type { PostLoader } from '../parse-pool.js';
import { PostTagsRepository } from '../post-tags.repository.js';
import { SlugHistory } from '../slug-history.js';
import type { PreparedBrand } from './brand-images.js';
import type { ContentFolder } from './folder.js';
import { ImportPlan } from './plan.js';
import type { BulkWrite, ImportTarget, TargetOptions } from './target.js';
import { PostWriter } from './write.js';

export interface ImportOptions extends TargetOptions {
  contentDir: string;
  imagesDir: string;
  /** Remove posts (and unused categories) whose files are gone. */
  prune?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Images checked and their variants made or found (image-publication.ts). */
  onImageProgress?: (done: number, total: number) => void;
}

/** What an import read and made before its transaction: the stages inside it read from here. */
export interface PreparedImport {
  store: Store;
  options: ImportOptions;
  target: ImportTarget;
  /** When the posts' phase began: after the folder was read and its images made (ms). */
  started: number;
  folder: ContentFolder;
  images: PreparedImages;
  brand: PreparedBrand;
  existing: Map<string, StoredSource>;
  loader: PostLoader;
}

/**
 * One import inside its transaction: what it was prepared with, the state its stages share (the
 * plan of slugs, the slug history, the post writer) and what they found (posts removed, images
 * moved), filled in by the stages in their order.
 */
export class TransactionRun {
  readonly now = new Date().toISOString();
  readonly repository: ContentRepository;
  readonly tags: PostTagsRepository;
  readonly bulk: BulkWrite;
  readonly history: SlugHistory;
  readonly writer: PostWriter;
  plan!: ImportPlan;
  categoryIds = new Map<string, number>();
  deleted = 0;
  imagesMoved = false;
  /** When the posts were written and their slugs settled (ms, performance.now()). */
  postsDone = 0;

  constructor(
    readonly trx: Kysely<Database>,
    readonly job: PreparedImport,
  ) {
    this.repository = new ContentRepository(trx);
    this.tags = new PostTagsRepository(trx);
    this.bulk = job.target.bulkWrite(trx, job.existing.size);
    this.history = new SlugHistory(trx, this.now);
    this.writer = new PostWriter(
      this.repository,
      this.tags,
      this.bulk,
      this.now,
      () => job.folder.failures.length > 0,
    );
  }

  get folder(): ContentFolder {
    return this.job.folder;
  }

  get prune(): boolean {
    return this.job.options.prune === true;
  }
}

/** A stage of the import: its name (for timings and errors) and its work. */
export interface Stage<Run> {
  name: string;
  run(run: Run): Promise<void>;
}
