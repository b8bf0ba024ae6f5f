import { Type } from 'typebox';
import { SLUG_MAX, SLUG_PATTERN } from '../slugs.js';

/**
 * The identifiers the API hands out and takes back in its paths, each written once: the listings
 * describe them with the schema the path parameters are validated (and documented) with.
 */

/** A post's or a tag's slug: lowercase letters and digits joined by single hyphens. */
export const Slug = Type.String({
  pattern: SLUG_PATTERN,
  maxLength: SLUG_MAX,
  description: 'Lowercase letters and digits joined by single hyphens',
});

/** A category's id: a positive integer that PostgreSQL's `integer` holds. */
export const CategoryId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
