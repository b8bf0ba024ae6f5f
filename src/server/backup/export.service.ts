import { THEME_FILE } from '../brand/theme-stylesheet.js';
import { cp, mkdir, readdir, rename, rmdir, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { stringify } from 'yaml';
import { readContentState } from '../content-state/content-state.js';
import type { Store } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { removeQuietly } from './atomic-file.js';
import { BackupError } from './backup-errors.js';
import { BackupRepository, inSnapshot } from './backup.repository.js';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  ANALYTICS_FILE,
  MANIFEST_FILE,
  MESSAGES_FILE,
  sha256,
  type ExportManifest,
  type ManifestPost,
} from './export-manifest.js';
import { ExportRepository } from './export.repository.js';
import { OldSlugsRepository } from './old-slugs.repository.js';
import { postDocument } from './post-document.js';
import { newest } from './schema-version.js';
import { isImageFileName } from '../images/image-names.js';
import { SOURCES_DIR } from '../images/image-publication.js';
import { NO_IMAGE } from '../../shared/post-image.js';

/** Posts written so far, of all (reported from 0 when the posts begin). */
type OnProgress = (done: number, total: number) => void;

export interface ExportSummary {
  posts: number;
  drafts: number;
  categories: number;
  images: number;
  messages: number;
  /** Rows of analytics.json, with `analytics`; undefined without. */
  analytics?: number;
  /** What an import of the folder will refuse or do differently, one line each. */
  warnings: string[];
}

async function checkTarget(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new BackupError(`${dir} cannot be written (${error.code})`);
  });
  if (entries.length)
    throw new BackupError(`${dir} is not empty; export writes into a new or empty folder`);
}

/**
 * Copies the originals of the published images (their served variants are made again by the
 * import, under the same names); returns the names copied.
 */
async function copyImages(imagesDir: string, to: string): Promise<Set<string>> {
  const names = new Set<string>();
  const originals = join(imagesDir, SOURCES_DIR);
  if (!(await stat(originals).catch(() => null))?.isDirectory()) return names;
  await cp(originals, to, {
    recursive: true,
    filter: async (source) => {
      if ((await stat(source)).isDirectory()) return true;
      if (!isImageFileName(basename(source))) return false;
      names.add(basename(source));
      return true;
    },
  });
  return names;
}

/**
 * Writes the store as a content folder: site.yaml, theme.css when one was imported, posts/<slug>.md (complete front matter, the
 * stored HTML as the body: see post-document.ts), images/ (IMAGES_DIR), messages.json,
 * export-manifest.json (ids and dates) and, when asked, analytics.json (the analytics' counts),
 * all read in one snapshot. The folder is written beside
 * `dir` and renamed into place when complete. Importing it into an empty store of either engine
 * (with `importExport`) gives the same API answers.
 */
export async function exportStore(
  store: Store,
  options: {
    dir: string;
    imagesDir: string;
    onProgress?: OnProgress;
    /** Writes the analytics' counts too (analytics.json); left out unless asked. */
    analytics?: boolean;
  },
): Promise<ExportSummary> {
  const target = resolve(options.dir);
  await checkTarget(target);
  const work = `${target}.export-${process.pid}.tmp`;
  await removeQuietly(work);
  await mkdir(join(work, 'posts'), { recursive: true });
  try {
    const warnings: string[] = [];
    const images = await copyImages(options.imagesDir, join(work, 'images'));
    const written = await inSnapshot(store, (trx) =>
      writeStore(store, trx, {
        work,
        images,
        warnings,
        onProgress: options.onProgress,
        analytics: options.analytics === true,
      }),
    );
    await writeFile(join(work, MANIFEST_FILE), `${JSON.stringify(written.manifest, null, 1)}\n`);
    await rmdir(target).catch(() => {});
    await rename(work, target);
    return { ...written.summary, images: images.size, warnings };
  } finally {
    await removeQuietly(work);
  }
}

/**
 * Writes every post as posts/<slug>.md, in id order; returns their manifest entries, the
 * categories they use and how many are drafts. A post whose image was not copied is a warning.
 */
async function writePosts(trx: Kysely<Database>, target: WriteTarget) {
  const { work, images, warnings, onProgress } = target;
  const repository = new ExportRepository(trx);
  const total = onProgress ? await repository.postCount() : 0;
  onProgress?.(0, total);
  const oldSlugs = new OldSlugsRepository(trx);
  const posts: ManifestPost[] = [];
  const used = new Set<string>();
  let drafts = 0;
  for (let after = 0; ;) {
    const rows = await repository.postsAfter(after);
    if (rows.length === 0) break;
    const aliases = await oldSlugs.aliasesOf(rows.map((row) => row.id));
    const tags = await repository.tagNames(rows.map((row) => row.id));
    for (const row of rows) {
      const file = `posts/${row.slug}.md`;
      const text = postDocument({ ...row, tags: tags.get(row.id), aliases: aliases.get(row.id) });
      await writeFile(join(work, file), text, { flag: 'wx' });
      posts.push({
        slug: row.slug,
        id: row.id,
        category_id: row.category_id,
        created_at: row.created_at,
        updated_at: row.updated_at,
        file,
        sha256: sha256(text),
      });
      used.add(row.category);
      if (row.draft) drafts += 1;
      if (row.image !== NO_IMAGE && !images.has(row.image))
        warnings.push(`${file}: its image ${row.image} is not in the images folder`);
    }
    after = rows.at(-1)!.id;
    onProgress?.(posts.length, total);
  }
  return { posts, used, drafts };
}

/**
 * site.yaml as the import will need it: a category dropped from it lives on while posts of it
 * do, so it is listed again. A product whose image was not copied is a warning.
 */
function siteToWrite(
  site: SiteConfig,
  categories: Array<{ slug: string; name: string }>,
  used: Set<string>,
  images: Set<string>,
  warnings: string[],
): SiteConfig {
  for (const category of categories) {
    if (!used.has(category.slug) || site.categories.some((c) => c.slug === category.slug)) continue;
    site.categories.push({ slug: category.slug, name: category.name });
    warnings.push(`site.yaml: category ${category.slug} was added back: posts still use it`);
  }
  for (const product of site.portfolio.products ?? [])
    if (product.image !== undefined && !images.has(product.image))
      warnings.push(
        `site.yaml: the image ${product.image} of "${product.name}" is not in the images folder`,
      );
  return site;
}

/** Where an export is written, what it found missing, and who hears of its progress. */
interface WriteTarget {
  work: string;
  images: Set<string>;
  warnings: string[];
  onProgress?: OnProgress;
  analytics: boolean;
}

async function writeStore(store: Store, trx: Kysely<Database>, target: WriteTarget) {
  const { work, images, warnings } = target;
  const repository = new ExportRepository(trx);
  const { site, themeCss } = await readContentState(trx);
  if (!site)
    throw new BackupError(
      `${store.label} holds no content yet (nothing was imported): nothing to export`,
    );
  const categories = await repository.categories();
  const { posts, used, drafts } = await writePosts(trx, target);
  const siteYaml = siteToWrite(site, categories, used, images, warnings);
  await writeFile(join(work, 'site.yaml'), stringify(siteYaml, { lineWidth: 0 }));
  if (themeCss !== null) await writeFile(join(work, THEME_FILE), themeCss);
  const messages = await repository.messages();
  await writeFile(join(work, MESSAGES_FILE), `${JSON.stringify(messages, null, 1)}\n`);
  const counts = target.analytics ? await repository.analyticsCounts() : undefined;
  if (counts) await writeFile(join(work, ANALYTICS_FILE), `${JSON.stringify(counts, null, 1)}\n`);
  const applied = await new BackupRepository(trx, store.engine).appliedMigrations();
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    engine: store.engine,
    schema: newest(applied ?? []),
    exported_at: new Date().toISOString(),
    categories,
    posts,
    removed_slugs: await new OldSlugsRepository(trx).removedSlugs(),
  };
  const summary = {
    posts: posts.length,
    drafts,
    categories: categories.length,
    messages: messages.length,
    analytics: counts?.length,
  };
  return { manifest, summary };
}
