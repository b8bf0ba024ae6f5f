import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageSize } from 'image-size';

export type ImageSizes = Map<string, { width: number; height: number }>;

/** Width and height of each image that can be read; others are left out. */
export async function readImageSizes(dir: string, names: Iterable<string>): Promise<ImageSizes> {
  const sizes: ImageSizes = new Map();
  await Promise.all(
    [...names].map(async (name) => {
      try {
        const { width, height } = imageSize(await readFile(join(dir, name)));
        if (width && height) sizes.set(name, { width, height });
      } catch {
        // An unreadable image simply keeps no size; the page still shows it.
      }
    }),
  );
  return sizes;
}

const LOCAL_IMAGE = /<img src="\/images\/([^"]+)"(?![^>]*\swidth=)/g;

/**
 * Gives the post's own images their width and height, so the page does not jump as they load.
 * Runs on sanitized HTML, whose attributes are always double-quoted.
 */
export function sizeImages(html: string, sizes: ImageSizes): string {
  return html.replace(LOCAL_IMAGE, (tag, name: string) => {
    const size = sizes.get(name);
    return size ? `${tag} width="${size.width}" height="${size.height}"` : tag;
  });
}
