import { Migrator, type Migration } from 'kysely/migration';
import type { Store } from './connection.js';
import type { Engine } from './schema.js';
import { coreTables } from './migrations/001-core-tables.js';
import { fullTextSearch } from './migrations/002-full-text-search.js';
import { contactMessages } from './migrations/003-contact-messages.js';
import { searchWithoutDrafts } from './migrations/004-search-without-drafts.js';
import { searchIndexWriteBuffer } from './migrations/005-search-index-write-buffer.js';
import { postReadingStats } from './migrations/006-post-reading-stats.js';
import { tags } from './migrations/007-tags.js';
import { stableUrls } from './migrations/008-stable-urls.js';
import { contactReadState } from './migrations/009-contact-read-state.js';
import { previewSecret } from './migrations/010-preview-secret.js';
import { imageVariants } from './migrations/011-image-variants.js';
import { postTextLast } from './migrations/012-post-text-last.js';
import { cardIndexes } from './migrations/013-card-indexes.js';
import { textOnlyVersions } from './migrations/014-text-only-versions.js';
import { textEditedPosts } from './migrations/015-text-edited-posts.js';
import { contentChanges } from './migrations/016-content-changes.js';
import { analytics } from './migrations/017-analytics.js';
import { themeStylesheet } from './migrations/018-theme-stylesheet.js';
import { rateLimitCounts } from './migrations/019-rate-limit-counts.js';
import { searchSplitWords } from './migrations/020-search-split-words.js';
import { searchBuckets } from './migrations/021-search-buckets.js';
import { searchTitles } from './migrations/022-search-titles.js';

/** Every migration in order; names are their version and never change once released. */
function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '001-core-tables': coreTables(engine),
    '002-full-text-search': fullTextSearch(engine),
    '003-contact-messages': contactMessages(engine),
    '004-search-without-drafts': searchWithoutDrafts(engine),
    '005-search-index-write-buffer': searchIndexWriteBuffer(engine),
    '006-post-reading-stats': postReadingStats(),
    '007-tags': tags(engine),
    '008-stable-urls': stableUrls(engine),
    '009-contact-read-state': contactReadState(engine),
    '010-preview-secret': previewSecret(engine),
    '011-image-variants': imageVariants(engine),
    '012-post-text-last': postTextLast(engine),
    '013-card-indexes': cardIndexes(engine),
    '014-text-only-versions': textOnlyVersions(),
    '015-text-edited-posts': textEditedPosts(),
    '016-content-changes': contentChanges(),
    '017-analytics': analytics(engine),
    '018-theme-stylesheet': themeStylesheet(),
    '019-rate-limit-counts': rateLimitCounts(engine),
    '020-search-split-words': searchSplitWords(engine),
    '021-search-buckets': searchBuckets(engine),
    '022-search-titles': searchTitles(engine),
  };
}

/** The names of the migrations this build knows, oldest first: its schema versions. */
export function knownMigrations(engine: Engine): string[] {
  return Object.keys(migrationsFor(engine));
}

/** Brings the store to the newest schema; returns the names of the migrations it applied. */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrationsFor(store.engine) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
