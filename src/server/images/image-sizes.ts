import type { ImageSizes } from './image-files.js';

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
