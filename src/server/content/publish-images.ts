import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readCheckedImage } from './image-files.js';

/**
 * Publishes the checked images: a raster file is copied when its size or age differ, an SVG
 * written as its sanitized drawing when that differs. Each goes through a temporary name, so none
 * is half-written.
 */
export async function publishImages(
  from: string,
  to: string,
  names: Iterable<string>,
): Promise<number> {
  await mkdir(to, { recursive: true });
  let published = 0;
  for (const name of names) {
    const target = join(to, name);
    const temporary = `${target}.${process.pid}.tmp`;
    if (name.toLowerCase().endsWith('.svg')) {
      const { bytes } = await readCheckedImage(from, name);
      const current = await readFile(target).catch(() => null);
      if (current?.equals(bytes)) continue;
      await writeFile(temporary, bytes);
    } else {
      const source = join(from, name);
      const [a, b] = await Promise.all([stat(source), stat(target).catch(() => null)]);
      if (b && b.size === a.size && b.mtimeMs >= a.mtimeMs) continue;
      await copyFile(source, temporary);
    }
    await rename(temporary, target);
    published += 1;
  }
  return published;
}
