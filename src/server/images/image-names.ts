import { IMAGE_FILE_PATTERN } from '../../shared/schemas/content-fields.js';

const IMAGE_FILE = new RegExp(IMAGE_FILE_PATTERN, 'i');

/**
 * True when a name is a bare file name from the content's images folder: what a post's body
 * refers to and what an export copies back. The extension may be in any case, as the import
 * publishes IMG_0042.JPG as a JPEG (image-publication.ts).
 */
export function isImageFileName(name: string): boolean {
  return IMAGE_FILE.test(name);
}
