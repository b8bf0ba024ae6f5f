import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import {
  imageFiles,
  shareFile,
  type ImageFormat,
  type ImageRecord,
} from '../../shared/image-variants.js';
import { ContentFileError } from '../content/content-errors.js';
import { checkImage, type ImageSizes } from './image-files.js';
import {
  checkPixels,
  decodeImage,
  reencodeGif,
  variantJobs,
  type VariantJob,
} from './image-variants.js';
import { Slots } from '../content/slots.js';

/**
 * The originals as imported, kept beside the served files for exports and never served (a dot
 * folder: /images/ refuses dot files). They may carry EXIF and GPS data; their variants do not.
 */
export const SOURCES_DIR = '.sources';

/**
 * What was learnt of each source by decoding it, by hash, as JSON: a store that has no row of the
 * image yet (a new store, a restore, another engine) finds its files made already.
 */
export const META_DIR = '.meta';

/** Part of every hash: changing how variants are made changes every URL, and remakes them. */
const PIPELINE = 'variants-1';

export interface PreparedImages {
  /** One record per good image of the folder. */
  records: ImageRecord[];
  /** Upright sizes of the good images, for the width and height of a post's <img>. */
  sizes: ImageSizes;
  failures: ContentFileError[];
  /** Images whose files were made by this run, and images found made already. */
  processed: number;
  reused: number;
  /** Files this run wrote: removed again when the import does not commit. */
  written: string[];
  /** Images whose originals are copied into SOURCES_DIR once the import committed. */
  originals: string[];
  /** True when an image is new or not what the store has: the content version must move. */
  changed: boolean;
}

export interface PrepareOptions {
  /** The content's images/ folder and IMAGES_DIR. */
  from: string;
  to: string;
  names: Iterable<string>;
  /** What the store says was published: an image of the same hash whose files exist is reused. */
  known: Map<string, ImageRecord>;
  onProgress?: (done: number, total: number) => void;
}

const FORMAT: Record<string, ImageFormat> = { '.gif': 'gif', '.svg': 'svg' };

/** Whether a file (or folder) is at `path`. */
export const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Every file name under IMAGES_DIR an image's record stands for. */
export function filesOf(record: ImageRecord): string[] {
  const share = shareFile(record);
  return [...imageFiles(record), ...(share ? [share] : [])].map((f) => f.url.slice(8));
}

const metaFile = (hash: string) => join(META_DIR, `${hash}.json`);

/** The record of an image whose source was decoded before under any name, from META_DIR. */
async function madeBefore(to: string, name: string, hash: string) {
  const json = await readFile(join(to, metaFile(hash)), 'utf8').catch(() => null);
  if (!json) return undefined;
  const meta = JSON.parse(json) as Omit<ImageRecord, 'name' | 'hash'>;
  return { ...meta, name, hash } satisfies ImageRecord;
}

/** Writes `bytes` under a temporary name, then renames it: a reader finds the whole file or none. */
export async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/** What one run shares while it prepares its images side by side. */
interface Run {
  from: string;
  to: string;
  known: Map<string, ImageRecord>;
  slots: Slots;
  result: PreparedImages;
}

/** A file of the run into IMAGES_DIR, unless it is there already; noted for `removeWritten`. */
async function writeNew(run: Run, file: string, bytes: Buffer): Promise<void> {
  const path = join(run.to, file);
  if (await exists(path)) return;
  await writeAtomically(path, bytes);
  run.result.written.push(path);
}

/** An image's record and the jobs that make its files: SVG and GIF as one file, others as variants. */
async function recordAndJobs(
  slots: Slots,
  image: { name: string; path: string; hash: string; source: Buffer },
  checked: ReturnType<typeof checkImage>,
): Promise<{ record: ImageRecord; jobs: VariantJob[] }> {
  const { name, path, hash, source } = image;
  const format = FORMAT[extname(name).toLowerCase()];
  const base = { name, hash, width: checked.width, height: checked.height };
  if (format === 'svg') {
    const record: ImageRecord = { ...base, format, color: null };
    return { record, jobs: [{ file: filesOf(record)[0]!, make: async () => checked.bytes }] };
  }
  checkPixels(path, checked.width, checked.height);
  if (format === 'gif') {
    const gif = await slots.run(() => reencodeGif(source, path));
    const record: ImageRecord = {
      ...base,
      width: gif.width,
      height: gif.height,
      format,
      color: null,
    };
    return { record, jobs: [{ file: filesOf(record)[0]!, make: async () => gif.bytes }] };
  }
  const kind = extname(name).slice(1).toUpperCase();
  const decoded = await slots.run(() => decodeImage(source, path, kind));
  const record: ImageRecord = {
    ...base,
    width: decoded.width,
    height: decoded.height,
    format: decoded.opaque ? 'jpeg' : 'png',
    color: decoded.color,
  };
  return { record, jobs: variantJobs(record, decoded) };
}

/** One image: reused when its files are in place, else checked, decoded and its files made. */
async function prepareImage(run: Run, name: string): Promise<ImageRecord> {
  const { from, to, known, slots, result } = run;
  const path = join('images', name);
  const source = await readFile(join(from, name)).catch((error: NodeJS.ErrnoException) => {
    throw new ContentFileError(path, [`cannot be read (${error.code})`]);
  });
  const checked = checkImage(path, source);
  const hash = createHash('sha256').update(PIPELINE).update(source).digest('hex').slice(0, 12);
  const before = known.get(name);
  if (before?.hash !== hash) result.changed = true;
  if (!(await exists(join(to, SOURCES_DIR, name)))) result.originals.push(name);
  const made = before?.hash === hash ? before : await madeBefore(to, name, hash);
  if (made) {
    const present = await Promise.all(filesOf(made).map((f) => exists(join(to, f))));
    if (present.every(Boolean)) {
      result.reused += 1;
      return made;
    }
  }
  const { record, jobs } = await recordAndJobs(slots, { name, path, hash, source }, checked);
  await Promise.all(
    jobs.map((job) =>
      slots.run(async () => {
        if (!(await exists(join(to, job.file)))) await writeNew(run, job.file, await job.make());
      }),
    ),
  );
  const { width, height, format: kind, color } = record;
  await writeNew(
    run,
    metaFile(hash),
    Buffer.from(JSON.stringify({ width, height, format: kind, color })),
  );
  if (!result.originals.includes(name)) result.originals.push(name);
  result.processed += 1;
  return record;
}

/**
 * Makes the served files of every image of a content folder into IMAGES_DIR, before the import's
 * transaction: AVIF, WebP and a JPEG or PNG fallback at each width (image-variants.ts), the SVG as
 * its sanitized drawing. An image whose hash the store already has, with its files in place, is
 * not read by sharp at all. Images are worked on side by side, one encoding per core (libvips
 * runs one thread per image here). Nothing is removed: see removeUnreferenced.
 */
export async function prepareImages(options: PrepareOptions): Promise<PreparedImages> {
  const { from, to, known } = options;
  const names = [...options.names].sort();
  await mkdir(join(to, SOURCES_DIR), { recursive: true });
  await mkdir(join(to, META_DIR), { recursive: true });
  const result: PreparedImages = {
    records: [],
    sizes: new Map(),
    failures: [],
    processed: 0,
    reused: 0,
    written: [],
    originals: [],
    changed: false,
  };
  const run: Run = { from, to, known, slots: new Slots(availableParallelism()), result };

  let done = 0;
  const queue = [...names];
  // Several images in flight keep every slot busy while one of them is being read or decoded.
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      try {
        const record = await prepareImage(run, name);
        result.records.push(record);
        if (record.width && record.height)
          result.sizes.set(name, { width: record.width, height: record.height });
      } catch (error) {
        if (!(error instanceof ContentFileError)) throw error;
        result.failures.push(error);
      }
      options.onProgress?.(++done, names.length);
    }
  };
  await Promise.all(Array.from({ length: run.slots.size + 1 }, worker));
  result.records.sort((a, b) => a.name.localeCompare(b.name));
  result.failures.sort((a, b) => a.file.localeCompare(b.file));
  return result;
}

/** After the commit: the originals of the images made or missing, copied for exports. */
export async function keepOriginals(from: string, to: string, names: string[]): Promise<void> {
  for (const name of names)
    await writeAtomically(join(to, SOURCES_DIR, name), await readFile(join(from, name)));
}

/** Undoes a run that did not commit: the files it wrote go, the ones it found stay. */
export async function removeWritten(written: string[]): Promise<void> {
  await Promise.all(written.map((path) => rm(path, { force: true })));
}

/**
 * After an import committed: removes every served file no published image stands for (an image
 * replaced under its name leaves its old hash's files) and the originals of images gone.
 */
export async function removeUnreferenced(to: string, records: ImageRecord[]): Promise<number> {
  const keep = new Set(records.flatMap(filesOf));
  const names = new Set(records.map((r) => r.name));
  let removed = 0;
  const sweep = async (dir: string, wanted: Set<string>) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // Another import's temporary files are its own to rename or remove.
      if (!entry.isFile() || wanted.has(entry.name) || entry.name.endsWith('.tmp')) continue;
      await rm(join(dir, entry.name), { force: true });
      removed += 1;
    }
  };
  await sweep(to, keep);
  await sweep(join(to, SOURCES_DIR), names);
  await sweep(join(to, META_DIR), new Set(records.map((r) => `${r.hash}.json`)));
  return removed;
}
