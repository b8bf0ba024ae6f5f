import type { TagRef } from '../../shared/schemas/tags.js';
import { shown } from '../../shared/schemas/content-fields.js';
import { slugify } from '../../shared/slugs.js';
import { ContentFileError } from './content-errors.js';
import { frontDate } from './front-date.js';

/** The optional front-matter fields beside the required ones, as the schema let them through. */
export interface ExtraFields {
  tags?: string[];
  updated?: string;
  image_alt?: string;
}

/** What a post carries beyond its required fields, checked. */
export interface PostExtras {
  /** In the order written; each slug once. */
  tags: TagRef[];
  /** ISO 8601 UTC of `updated`, or null when the file has none. */
  updatedAt: string | null;
  imageAlt: string | null;
}

/**
 * Tags, the date of the last revision and the cover's text alternative, checked beyond their
 * schema: a tag must give a URL (`/tag/{slug}`) and name another tag than the post's others, and
 * a post cannot be revised before it was published. Throws ContentFileError with every problem.
 */
export function postExtras(file: string, front: ExtraFields, publishedAt: Date): PostExtras {
  const problems: string[] = [];
  const tags: TagRef[] = [];
  const named = new Map<string, string>();
  for (const written of front.tags ?? []) {
    const name = written.trim().replace(/\s+/g, ' ');
    const slug = slugify(name);
    const twin = named.get(slug);
    if (!slug)
      problems.push(`"tags": ${shown(written)} has no letter or digit (a-z, 0-9) for its URL`);
    else if (twin !== undefined)
      problems.push(`"tags": ${shown(written)} is the same tag as ${shown(twin)}; keep one`);
    else {
      named.set(slug, written);
      tags.push({ slug, name });
    }
  }
  let updatedAt: string | null = null;
  if (front.updated !== undefined) {
    const updated = frontDate(front.updated);
    if (!updated) problems.push(`"updated": "${front.updated}" is not a real date`);
    else if (updated < publishedAt)
      problems.push(`"updated": "${front.updated}" is earlier than the post's "date"`);
    else updatedAt = updated.toISOString();
  }
  if (problems.length) throw new ContentFileError(file, problems);
  return { tags, updatedAt, imageAlt: front.image_alt?.trim() ?? null };
}
