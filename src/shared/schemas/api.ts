import { Type, type Static } from 'typebox';
import { CategoryId, Slug } from './identifiers.js';
import { ImageFile, ImageVariants } from './images.js';
import { TagRef } from './tags.js';
import { NO_IMAGE } from '../post-image.js';

/** The smallest and largest page number a client may ask for. */
export const PAGE_MIN = 1;
export const PAGE_MAX = 10_000;
/** Search text longer than this is refused with 400 rather than tokenized. */
export const SEARCH_TEXT_MAX = 500;

/** A category as `GET /api/postcates` lists it. */
export const Category = Type.Object({
  id: CategoryId,
  name: Type.String(),
  slug: Type.String(),
  post_count: Type.Integer({ minimum: 0 }),
});
export type Category = Static<typeof Category>;

export const CategoryList = Type.Array(Category);

/** How long a post is, counted at import from its text. */
export const ReadingStats = Type.Object({
  reading_minutes: Type.Integer({
    minimum: 0,
    description: 'Estimated minutes to read (0: not yet counted)',
  }),
  word_count: Type.Integer({ minimum: 0, description: 'Words of the body, code included' }),
});

/** An entry of a post's table of contents: a heading of the body and the id it links to. */
export const TocEntry = Type.Object({
  depth: Type.Integer({ minimum: 1, maximum: 6, description: 'The heading level (h2: 2)' }),
  id: Type.String({ description: "The heading element's id (`user-content-…`)" }),
  text: Type.String(),
});
export type TocEntry = Static<typeof TocEntry>;

const PostImage = Type.String({
  description: `A file name under \`/images/\`; \`"${NO_IMAGE}"\` when the post has no cover`,
});

/** A post as a card in a list: `name` is the post title, `image` a file name under `/images/`. */
export const PostCard = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  slug: Slug,
  image: PostImage,
  image_variants: Type.Optional(
    Type.Union([ImageVariants, Type.Null()], {
      description: 'The files `image` is served as (null: not an image this site published)',
    }),
  ),
  summary: Type.String(),
  category_id: CategoryId,
  published_at: Type.String({ description: 'ISO 8601 date-time (UTC)' }),
  tags: Type.Array(TagRef, { description: "The post's tags, in the order it lists them" }),
  ...ReadingStats.properties,
});
export type PostCard = Static<typeof PostCard>;

/** Laravel-style paginator, as the specification's clients read it. */
export const PostPage = Type.Object({
  data: Type.Array(PostCard),
  current_page: Type.Integer({ minimum: 1 }),
  last_page: Type.Integer({ minimum: 1 }),
  per_page: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
});
export type PostPage = Static<typeof PostPage>;

/** A run of an excerpt's text; `mark`: a word the search matched. Plain text, never HTML. */
export const ExcerptSegment = Type.Object({ text: Type.String(), mark: Type.Boolean() });
export type ExcerptSegment = Static<typeof ExcerptSegment>;

/** A search result: a card and, when the engine made one, the passage where the words matched. */
export const SearchCard = Type.Object({
  ...PostCard.properties,
  excerpt: Type.Optional(
    Type.Array(ExcerptSegment, {
      description:
        'The passage of the body (else the summary, else the title) around the match, in runs of text; the matched words have `mark: true`',
    }),
  ),
});
export type SearchCard = Static<typeof SearchCard>;

export const SearchResults = Type.Array(SearchCard);

/**
 * A page of search results with its paging figures (the API sends them as headers). A search
 * counts and pages through its first 1,000 matches: `capped` says more posts match than `total`
 * (the API's `X-Total-Capped: true`; the page shows "1,000+").
 */
export type SearchResultPage = Omit<PostPage, 'data'> & { data: SearchCard[]; capped: boolean };

/** A related post, as the detail response lists it. */
export const RelatedPost = Type.Object({
  name: Type.String(),
  slug: Slug,
  image: PostImage,
});
export type RelatedPost = Static<typeof RelatedPost>;

export const PostDetail = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  name: Type.String(),
  slug: Slug,
  summary: Type.String(),
  image: PostImage,
  image_variants: Type.Optional(
    Type.Union([ImageVariants, Type.Null()], {
      description: 'The files `image` is served as (null: not an image this site published)',
    }),
  ),
  share_image: Type.Optional(
    Type.Object(ImageFile.properties, {
      description:
        "The 1200×630 PNG or JPEG of link previews (og:image): the cover's when it is a photo, else a card drawn from the title",
    }),
  ),
  content: Type.String({ description: 'Sanitized HTML' }),
  category: Type.Object({ id: CategoryId, name: Type.String(), slug: Type.String() }),
  published_at: Type.String(),
  updated_at: Type.String(),
  tags: Type.Array(TagRef, { description: "The post's tags, in the order it lists them" }),
  modified_at: Type.Union([Type.String(), Type.Null()], {
    description:
      'When the post was last revised (front matter `updated`), ISO 8601 UTC; null if never',
  }),
  image_alt: Type.Union([Type.String(), Type.Null()], {
    description: "The cover's text alternative; null: use the title",
  }),
  ...ReadingStats.properties,
  toc: Type.Array(TocEntry, {
    description: 'Headings of the body, in order; empty when it has fewer than 3',
  }),
});
export type PostDetail = Static<typeof PostDetail>;

export const PostWithRelated = Type.Object({
  post: PostDetail,
  posts: Type.Array(RelatedPost, {
    description: 'Related posts: shared tags, the same category, similar words; never the post',
  }),
  previous: Type.Union([RelatedPost, Type.Null()], {
    description: 'The next older post of the same category, or null',
  }),
  next: Type.Union([RelatedPost, Type.Null()], {
    description: 'The next newer post of the same category, or null',
  }),
});
export type PostWithRelated = Static<typeof PostWithRelated>;

export const PageQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: PAGE_MIN, maximum: PAGE_MAX, default: 1, description: 'Page number' }),
  ),
});
export type PageQuery = Static<typeof PageQuery>;

export const CategoryParams = Type.Object({ categoryId: CategoryId });

/** A 301 of an old post slug: an empty body, the post's current URL in `Location`. */
export const MovedPermanently = Type.Null({
  description:
    'The post has a new slug: Location is its current URL (an old or alias slug); no body',
  headers: { location: Type.String({ description: "The post's current URL" }) },
});

/** A post's slug in a URL; one that names no post is a 404 (or where its old slug leads). */
export const SlugParams = Type.Object({ slug: Slug });

export const SearchParams = Type.Object({
  text: Type.String({ minLength: 1, maxLength: SEARCH_TEXT_MAX }),
});

export const EmployerCheckBody = Type.Object(
  { email: Type.String({ maxLength: 320 }) },
  { additionalProperties: false },
);
export type EmployerCheckBody = Static<typeof EmployerCheckBody>;

export const EmployerCheckResult = Type.Object({ allowed: Type.Boolean() });
export type EmployerCheckResult = Static<typeof EmployerCheckResult>;

/**
 * An e-mail address as HTML's `<input type="email">` accepts it (the HTML standard's "valid
 * e-mail address"): the contact form's field, its native form and the JSON call accept the same.
 * Written as a pattern rather than JSON Schema's `email` format, which means RFC 5321's Mailbox
 * (quoted names, IP literals) that no browser field lets a visitor type.
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$";

export const ContactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({
      maxLength: 320,
      pattern: EMAIL_PATTERN,
      description:
        'An address as a form field of type email accepts it (HTML standard): name@example.com, name@localhost; no quoted names or IP addresses',
    }),
    subject: Type.String({ minLength: 1, maxLength: 300 }),
    message: Type.String({ minLength: 1, maxLength: 10_000 }),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

export const ContactResult = Type.Object({ message: Type.String() });

/** Every error the API returns has this shape. */
export const ApiError = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});
export type ApiError = Static<typeof ApiError>;

/** No body: a 304's. */
export const NotModified = Type.Null({
  description: 'Not Modified: the ETag sent in If-None-Match is still current; no body',
});

/** An API error for a client to retry: the server is too busy or its database is away. */
export const Unavailable = Type.Object(ApiError.properties, {
  description:
    'Unavailable for now (code overloaded: the server sheds load; unavailable: its database is away)',
  headers: {
    'retry-after': Type.Integer({ minimum: 1, description: 'Seconds to wait before retrying' }),
  },
});

/** What every call may answer besides its own: 503 when load is shed or the database is away. */
export const ANY_CALL_ANSWERS = { 503: Unavailable } as const;

/** What every GET may answer besides its own: its answers carry an ETag, so 304 too. */
export const GET_ANSWERS = { 304: NotModified, ...ANY_CALL_ANSWERS } as const;
