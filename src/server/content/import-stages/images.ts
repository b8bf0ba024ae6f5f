import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  keepOriginals,
  prepareImages,
  removeUnreferenced,
  type PreparedImages,
} from '../../images/image-publication.js';
import { ImagesRepository } from '../../images/images.repository.js';
import type { ContentFolder } from './folder.js';

/**
 * The folder's images, in three steps around the import's transaction: their files are made
 * before it (so that no lock is held while images are encoded), their rows are written in it,
 * and files no row stands for any more are removed only after it commits.
 */
export async function prepareFolderImages(
  db: Kysely<Database>,
  folder: ContentFolder,
  servedDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<PreparedImages> {
  const prepared = await prepareImages({
    from: folder.imagesDir,
    to: servedDir,
    names: folder.availableImages,
    known: new Map((await new ImagesRepository(db).all()).map((r) => [r.name, r])),
    onProgress,
  });
  folder.failures.push(...prepared.failures);
  return prepared;
}

/** Inside the transaction: the images' rows. True when the published images changed. */
export async function saveImageRows(
  trx: Kysely<Database>,
  prepared: PreparedImages,
  prune: boolean,
): Promise<boolean> {
  const rows = new ImagesRepository(trx);
  await rows.save(prepared.records);
  const gone = prune ? await rows.deleteExcept(new Set(prepared.records.map((r) => r.name))) : 0;
  return prepared.changed || gone > 0;
}

/** After the commit: originals kept for exports, files of images no longer published removed. */
export async function settleImageFiles(
  db: Kysely<Database>,
  folder: ContentFolder,
  servedDir: string,
  prepared: PreparedImages,
): Promise<void> {
  await keepOriginals(folder.imagesDir, servedDir, prepared.originals);
  await removeUnreferenced(servedDir, await new ImagesRepository(db).all());
}
