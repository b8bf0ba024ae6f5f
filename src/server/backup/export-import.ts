import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_CHANNEL } from '../content-state/content-state.js';
import type { Store } from '../db/connection.js';
import { BackupRepository } from './backup.repository.js';
import { readExport, sha256, type ExportManifest } from './export-manifest.js';
import { ExportRepository, type MessageRow } from './export.repository.js';
import { OldSlugsRepository } from './old-slugs.repository.js';

/** What an import of an export kept of the store it came from. */
export interface KeptIdentities {
  /** Posts that kept their id and creation date. */
  posts: number;
  /** Of those, the posts whose file is as exported, which kept their change date too. */
  dates: number;
  categories: number;
  messages: number;
}

export interface ExportImport<T> {
  summary: T;
  /** Null when the folder is no export, or the store was not empty. */
  kept: KeptIdentities | null;
  /** Why an export's ids were not kept. */
  note?: string;
}

/** Writes the export's categories, messages and a placeholder per post, if the store is empty. */
async function placeIdentities(
  store: Store,
  manifest: ExportManifest,
  messages: MessageRow[],
): Promise<boolean> {
  return store.db.transaction().execute(async (trx) => {
    const backup = new BackupRepository(trx, store.engine);
    if (!(await backup.isEmpty())) return false;
    const repository = new ExportRepository(trx);
    await repository.insertCategories(manifest.categories);
    await repository.insertPlaceholders(
      manifest.posts.map(({ id, slug, category_id, created_at }) => ({
        id,
        slug,
        category_id,
        created_at,
      })),
    );
    await repository.insertMessages(messages);
    await new OldSlugsRepository(trx).insertRemoved(manifest.removed_slugs ?? []);
    await backup.followIdentities();
    return true;
  });
}

/** The posts whose file is byte for byte as exported: their change date is the export's. */
async function unchangedDates(dir: string, manifest: ExportManifest) {
  const dates: Array<{ slug: string; updated_at: string }> = [];
  for (const post of manifest.posts) {
    const bytes = await readFile(join(dir, post.file)).catch(() => null);
    if (bytes && sha256(bytes) === post.sha256)
      dates.push({ slug: post.slug, updated_at: post.updated_at });
  }
  return dates;
}

/**
 * Imports a content folder with `runImport`. When the folder was written by `postfolio export`
 * and the store is empty, the store also gets what a content folder cannot say and the API
 * answers with: the ids of posts and categories, their creation dates, the change dates of the
 * posts whose files are unchanged, and the contact messages. Ids are placed before the import
 * (rows the import fills by slug) and dates after it; a failed import removes what was placed.
 */
export async function importExport<T>(
  store: Store,
  dir: string,
  runImport: () => Promise<T>,
): Promise<ExportImport<T>> {
  const exported = await readExport(dir);
  if (!exported) return { summary: await runImport(), kept: null };
  const { manifest, messages } = exported;
  if (!(await placeIdentities(store, manifest, messages)))
    return {
      summary: await runImport(),
      kept: null,
      note: 'the store was not empty, so the ids and dates of the export were not kept',
    };
  let summary: T;
  try {
    summary = await runImport();
  } catch (error) {
    await store.db.transaction().execute(async (trx) => {
      const repository = new ExportRepository(trx);
      await repository.deletePlaceholders();
      await new OldSlugsRepository(trx).deleteRemoved();
      await repository.deleteIds(
        'contact_messages',
        messages.map((m) => m.id),
      );
      await repository.deleteIds(
        'categories',
        manifest.categories.map((c) => c.id),
      );
    });
    throw error;
  }
  const dates = await unchangedDates(dir, manifest);
  const posts = await store.db.transaction().execute(async (trx) => {
    const repository = new ExportRepository(trx);
    const backup = new BackupRepository(trx, store.engine);
    await repository.deletePlaceholders();
    await repository.setUpdatedAt(dates);
    // The dates changed what the API answers: every server drops its caches.
    await backup.setContentVersion((await backup.contentVersion()) + 1);
    await backup.notify(CONTENT_CHANNEL);
    return repository.countPosts(manifest.posts.map((p) => p.id));
  });
  return {
    summary,
    kept: {
      posts,
      dates: dates.length,
      categories: manifest.categories.length,
      messages: messages.length,
    },
  };
}
