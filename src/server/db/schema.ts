import type { Generated } from 'kysely';

/** Which SQL engine a store runs on; the search adapter and a few migrations differ by it. */
export type Engine = 'sqlite' | 'postgres';

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  position: number;
}

export interface PostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  category_id: number;
  summary: string;
  image: string;
  content_html: string;
  /** Plain text of the body, the source of the full-text index. */
  body_text: string;
  /** ISO 8601 UTC; text on both engines so that ordering and output are identical. */
  published_at: string;
  /** 1 = draft (never listed), 0 = published. */
  draft: number;
  /** ISO 8601 UTC of the front matter's `updated`: when the post was last revised. */
  modified_at: string | null;
  /** The cover's text alternative (front matter `image_alt`). */
  image_alt: string | null;
  source_path: string | null;
  source_hash: string | null;
  created_at: string;
  updated_at: string;
  /** Words of the body's text, derived from its HTML at import. */
  word_count: Generated<number>;
  /** Estimated minutes to read the body (at least 1). */
  reading_minutes: Generated<number>;
  /** The table of contents (`TocEntry[]` as JSON), `[]` below 3 headings. */
  toc_json: Generated<string>;
}

/** One row; `version` grows with every content write so that every instance can drop caches. */
export interface ContentStateTable {
  id: number;
  version: number;
  /** The validated site config (categories, landing, portfolio) as JSON, written by import. */
  site_json: string | null;
  /** Written null since migration 016, for servers of the builds before (migration 014). */
  text_only_since: number | null;
  /** Written null since migration 016 (migration 015). */
  text_edited_slugs: string | null;
  /** The version this one differs from only by `change_json`, when an import wrote so (016). */
  changed_since: number | null;
  /** With `changed_since`: what the import changed of the posts (a ContentChange as JSON). */
  change_json: string | null;
  /** The site folder's theme.css, written by import; null without one (018). */
  theme_css: string | null;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  /** When the site owner marked it read (ISO 8601 UTC); null while unread. */
  read_at: string | null;
}

/** A slug that answers 301 to a post: an old slug of its file, or an alias of its front matter. */
export interface PostAliasesTable {
  id: Generated<number>;
  slug: string;
  post_id: number;
  /** 'front_matter': listed in `aliases`; 'renamed': the file's slug before it changed. */
  origin: 'front_matter' | 'renamed';
  created_at: string;
}

/** The slug of a post pruned away: it answers 410 Gone until a post or an alias takes it. */
export interface RemovedSlugsTable {
  id: Generated<number>;
  slug: string;
  removed_at: string;
}

/** An image the import published; its served files are named from this row. */
export interface ImagesTable {
  id: Generated<number>;
  /** The file name in the content's images/ folder. */
  name: string;
  hash: string;
  width: number;
  height: number;
  /** 'jpeg' | 'png' | 'gif' | 'svg': the fallback format besides AVIF and WebP. */
  format: string;
  color: string | null;
}

/** A tag; only tags some post carries are kept (the import removes the others). */
export interface TagsTable {
  id: Generated<number>;
  slug: string;
  /** As posts write it; the last post imported names it. */
  name: string;
}

/** A post's tag, with the post's date so that a tag's list is read from one index. */
export interface PostTagsTable {
  id: Generated<number>;
  post_id: number;
  tag_id: number;
  /** Where the tag stands among the post's tags, from 0. */
  position: number;
  /** The post's `published_at`, written with it. */
  published_at: string;
}

/** The secret of preview links when PREVIEW_SECRET is unset; one row (id 1), made on first use. */
export interface PreviewSecretsTable {
  id: number;
  /** 32 random bytes, base64url. Never sent to a browser. */
  secret: string;
  created_at: string;
}

/**
 * A count of the analytics for one period (`2026-05-04T13`, `2026-05-04` or `2026-05`), kind,
 * path and value; every process adds its batches to it (analytics/analytics.repository.ts).
 */
export interface AnalyticsCountsTable {
  id: Generated<number>;
  period: string;
  /** What is counted (analytics/count-kinds.ts): views, visitors, referrers, searches… */
  kind: string;
  /** The page counted, '' for the whole site. */
  path: string;
  /** What of it: a referrer's host, a search's words, a device class; '' for none. */
  value: string;
  count: number;
  /** A maximum seen, not a sum: a search's results, a feed reader's subscribers. */
  peak: Generated<number>;
}

/** A visitor's hash seen on a path today ('' for the site): kept for the day only. */
export interface AnalyticsVisitorsTable {
  day: string;
  path: string;
  visitor: string;
}

/** The random salt of one day's visitor hashes, deleted with them. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** A client's attempts in the current window of a rate limit; PostgreSQL only (migration 019). */
export interface RateLimitCountsTable {
  /** The route's scope and the limit's key (its kind and the client's address). */
  key: string;
  count: number;
  ends_at: Date;
}

export interface Database {
  categories: CategoriesTable;
  posts: PostsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  content_state: ContentStateTable;
  contact_messages: ContactMessagesTable;
  post_aliases: PostAliasesTable;
  removed_slugs: RemovedSlugsTable;
  images: ImagesTable;
  preview_secrets: PreviewSecretsTable;
  analytics_counts: AnalyticsCountsTable;
  analytics_visitors: AnalyticsVisitorsTable;
  analytics_salts: AnalyticsSaltsTable;
  rate_limit_counts: RateLimitCountsTable;
}
