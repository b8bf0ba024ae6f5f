import { POST_IMAGE_SIZES } from '../../shared/image-layout.js';
import { pictureParts, placeholderClass } from '../../shared/image-variants.js';
import type { VariantsByName } from './image-catalog.js';

/** A body image as the sanitizer writes it: double-quoted attributes, `src` first. */
const LOCAL_IMAGE = /<img src="\/images\/([^"/]+)"([^>]*)>/g;
/** What the picture sets itself; any other attribute of the author's (alt, title) is kept. */
const REPLACED = /\s(?:width|height|loading|decoding|srcset|sizes|class)="[^"]*"/g;

/**
 * Turns the post body's images into <picture>s of their variants when the post is read, not at
 * import: the stored HTML keeps naming /images/{file}, so a replaced image (new hash) needs no
 * post written again, and an export gives back the body as it was imported. Body images are
 * below the post's title: lazy. Names and URLs are [A-Za-z0-9._-] (front matter and hashes).
 */
export function picturesIn(html: string, images: VariantsByName): string {
  return html.replace(LOCAL_IMAGE, (tag, name: string, rest: string) => {
    const variants = images.get(name);
    if (!variants) return tag;
    const { sources, img } = pictureParts(variants);
    const placeholder = placeholderClass(variants.color);
    const attributes = [
      `src="${img.src}"`,
      img.srcset ? `srcset="${img.srcset}" sizes="${POST_IMAGE_SIZES}"` : '',
      `width="${img.width}" height="${img.height}"`,
      'loading="lazy" decoding="async"',
      placeholder ? `class="${placeholder}"` : '',
    ].filter(Boolean);
    const own = `<img ${attributes.join(' ')}${rest.replace(REPLACED, '')}>`;
    if (!sources.length) return own;
    const tags = sources.map(
      (s) => `<source type="${s.type}" srcset="${s.srcset}" sizes="${POST_IMAGE_SIZES}">`,
    );
    return `<picture class="picture">${tags.join('')}${own}</picture>`;
  });
}
