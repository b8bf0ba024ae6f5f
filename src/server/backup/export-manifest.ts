import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Engine } from '../db/schema.js';
import { BackupError } from './backup-errors.js';
import type { CategoryRow, MessageRow } from './export.repository.js';
import type { RemovedSlug } from './old-slugs.repository.js';

/** The file of an exported folder that keeps what a content folder cannot say. */
export const MANIFEST_FILE = 'export-manifest.json';
/** The contact messages of an exported store. */
export const MESSAGES_FILE = 'messages.json';
/** The analytics' counts, written by `export --analytics` only (docs/analytics.md). */
export const ANALYTICS_FILE = 'analytics.json';
export const EXPORT_FORMAT = 'postfolio-export';
export const EXPORT_FORMAT_VERSION = 1;

/** A post's identity in the store it was exported from, and the file it was written to. */
export interface ManifestPost {
  slug: string;
  id: number;
  category_id: number;
  created_at: string;
  updated_at: string;
  /** posts/<slug>.md */
  file: string;
  /** SHA-256 of the file as written: a file edited since keeps its id but not its date. */
  sha256: string;
}

/**
 * export-manifest.json: the ids and dates of the store an export came from (the API answers with
 * them), its categories as rows (a category may outlive its place in site.yaml), and its schema.
 */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  format_version: number;
  engine: Engine;
  schema: string;
  exported_at: string;
  categories: CategoryRow[];
  posts: ManifestPost[];
  /** Slugs of pruned posts, which answer 410 Gone (absent from exports made before them). */
  removed_slugs?: RemovedSlug[];
}

export const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
}

/**
 * The manifest and contact messages of a folder written by `postfolio export`, or null for any
 * other content folder.
 */
export async function readExport(
  dir: string,
): Promise<{ manifest: ExportManifest; messages: MessageRow[] } | null> {
  const file = join(dir, MANIFEST_FILE);
  const manifest = (await readJson(file)) as ExportManifest | undefined;
  if (manifest === undefined) return null;
  if (
    manifest?.format !== EXPORT_FORMAT ||
    !Array.isArray(manifest.posts) ||
    !Array.isArray(manifest.categories)
  )
    throw new BackupError(`${file} is not the manifest of a Postfolio export`);
  if (manifest.format_version > EXPORT_FORMAT_VERSION)
    throw new BackupError(
      `${file} comes from a newer Postfolio (export format ${manifest.format_version}); this build reads format ${EXPORT_FORMAT_VERSION}`,
    );
  const messagesFile = join(dir, MESSAGES_FILE);
  const messages = ((await readJson(messagesFile)) ?? []) as MessageRow[];
  if (!Array.isArray(messages) || messages.some((m) => typeof m?.id !== 'number'))
    throw new BackupError(`${messagesFile} is not a list of contact messages`);
  return { manifest, messages };
}
