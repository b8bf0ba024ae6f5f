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
export function postExtras(
  file: string,
  front: ExtraFields,
  publishedAt: Date,
  /** Where a field was written (its line in the file), when known. */
  lineOf: (path: string[]) => number | undefined = () => undefined,
): PostExtras {
  const problems: string[] = [];
  const lines: (number | undefined)[] = [];
  const problem = (path: string[], text: string) => {
    problems.push(text);
    lines.push(lineOf(path));
  };
  const tags: TagRef[] = [];
  const named = new Map<string, string>();
  for (const [index, written] of (front.tags ?? []).entries()) {
    const name = written.trim().replace(/\s+/g, ' ');
    const slug = slugify(name);
    const twin = named.get(slug);
    if (!slug)
      problem(
        ['tags', String(index)],
        `tag ${shown(written)} has no letter or digit (a-z, 0-9) to make its URL from`,
      );
    else if (twin !== undefined)
      problem(
        ['tags', String(index)],
        `tag ${shown(written)} is the same tag as ${shown(twin)}; keep one`,
      );
    else {
      named.set(slug, written);
      tags.push({ slug, name });
    }
  }
  let updatedAt: string | null = null;
  if (front.updated !== undefined) {
    const updated = frontDate(front.updated);
    if (!updated)
      problem(
        ['updated'],
        `updated "${front.updated}" is not a real date or time; check the day, month and hour`,
      );
    else if (updated < publishedAt)
      problem(
        ['updated'],
        `updated "${front.updated}" is before the post's date; it says when the post was last revised`,
      );
    else updatedAt = updated.toISOString();
  }
  if (problems.length) throw new ContentFileError(file, problems, lines);
  return { tags, updatedAt, imageAlt: front.image_alt?.trim() ?? null };
}
