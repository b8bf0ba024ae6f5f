import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { imageSize } from 'image-size';
import { ContentFileError } from '../content/content-errors.js';
import { sanitizeSvg } from './svg-sanitize.js';

/** What each accepted extension must turn out to be, read from the file's own bytes. */
const FORMAT_OF_EXTENSION: Record<string, string> = {
  '.png': 'png',
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.gif': 'gif',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
};

const ACCEPTED = Object.keys(FORMAT_OF_EXTENSION).join(', ');

export type ImageSizes = Map<string, { width: number; height: number }>;

/** An image file ready to publish: the bytes to serve and its size. */
export interface CheckedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Everything under /images/ is served from the site's own origin, where a script or an HTML page
 * would run with the site's rights: only images whose bytes say what their name says are
 * published, and SVG only as its sanitized drawing. Throws ContentFileError naming `path`.
 */
export function checkImage(path: string, bytes: Buffer): CheckedImage {
  const expected = FORMAT_OF_EXTENSION[extname(path).toLowerCase()];
  if (!expected)
    throw new ContentFileError(path, [`is not an image; images/ takes only ${ACCEPTED} files`]);
  let published = bytes;
  if (expected === 'svg') {
    let source: string;
    try {
      source = decoder.decode(bytes);
    } catch {
      throw new ContentFileError(path, ['is an SVG that is not valid UTF-8']);
    }
    const result = sanitizeSvg(source);
    if (!result.ok)
      throw new ContentFileError(path, [`is not a usable SVG image: it ${result.problem}`]);
    published = Buffer.from(result.svg);
  }
  let found: ReturnType<typeof imageSize> | undefined;
  try {
    found = imageSize(published);
  } catch {
    found = undefined;
  }
  if (!found || found.type !== expected)
    throw new ContentFileError(path, [
      found
        ? `is named as ${expected.toUpperCase()} but its bytes are ${found.type?.toUpperCase()}`
        : `is not a readable ${expected.toUpperCase()} image`,
    ]);
  // An SVG without width and height still draws; the page then gives it no intrinsic size.
  return { bytes: published, width: found.width ?? 0, height: found.height ?? 0 };
}

/** Reads and checks `images/{name}` of a content folder; throws ContentFileError. */
export async function readCheckedImage(dir: string, name: string): Promise<CheckedImage> {
  const path = join('images', name);
  let bytes: Buffer;
  try {
    bytes = await readFile(join(dir, name));
  } catch (error) {
    throw new ContentFileError(path, [`cannot be read (${(error as NodeJS.ErrnoException).code})`]);
  }
  return checkImage(path, bytes);
}

/** Checks every image of a folder; the sizes of the good ones, and a problem for each bad one. */
export async function checkImages(
  dir: string,
  names: Iterable<string>,
): Promise<{ sizes: ImageSizes; failures: ContentFileError[] }> {
  const sizes: ImageSizes = new Map();
  const failures: ContentFileError[] = [];
  const queue = [...names];
  // A few files at a time: a folder of large photos must not be read into memory at once.
  const worker = async () => {
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      try {
        const image = await readCheckedImage(dir, name);
        if (image.width && image.height)
          sizes.set(name, { width: image.width, height: image.height });
      } catch (error) {
        failures.push(error as ContentFileError);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  failures.sort((a, b) => a.file.localeCompare(b.file));
  return { sizes, failures };
}
