import { Type, type Static } from 'typebox';
import { Slug } from './identifiers.js';

/** How many tags a post may carry, and how long a tag's name may be. */
export const TAGS_MAX = 10;
export const TAG_NAME_MAX = 40;

/** A tag as a post or card names it: `slug` for its URL (`/tag/{slug}`), `name` to show. */
export const TagRef = Type.Object({
  slug: Slug,
  name: Type.String(),
});
export type TagRef = Static<typeof TagRef>;

/** A tag as `GET /api/tags` lists it: only tags of at least one visible post. */
export const TagSummary = Type.Object({
  slug: Slug,
  name: Type.String(),
  post_count: Type.Integer({ minimum: 1 }),
});
export type TagSummary = Static<typeof TagSummary>;

export const TagList = Type.Array(TagSummary);

/** A tag's slug in a URL; one that names no tag is a 404, one that is no slug a 400. */
export const TagParams = Type.Object({ tag: Slug });
