import type { Kysely } from 'kysely';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import type { Listen } from '../db/notifications.js';
import type { Database } from '../db/schema.js';
import type { ContentChange } from '../cache/content-change.js';

/** The channel an import notifies on PostgreSQL when it publishes new content. */
export const CONTENT_CHANNEL = 'postfolio_content';
/** How often the version is read when nothing notifies changes (SQLite), ms. */
const POLL_MS = 1000;
/** With notifications, a poll only in case one was lost without the connection dropping, ms. */
const BACKSTOP_POLL_MS = 30_000;

export interface WatchOptions {
  /** Overrides the SQLite poll interval (tests). */
  pollMs?: number;
  /** The store's notifications: the version is then read when an import announces it. */
  listen?: Listen;
}

export interface ContentState {
  version: number;
  site: SiteConfig | null;
  /** The version before, when this one differs from it only by `change` (migration 016). */
  changedSince: number | null;
  /** With `changedSince`, what the import changed of the posts. */
  change: ContentChange | null;
  /** The site folder's theme.css as imported; null without one. */
  themeCss: string | null;
}

/** Reads the content version and site config that import writes. */
export async function readContentState(db: Kysely<Database>): Promise<ContentState> {
  const row = await db
    .selectFrom('content_state')
    .select(['version', 'site_json', 'changed_since', 'change_json', 'theme_css'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const since = row?.changed_since;
  const known = since !== null && since !== undefined && Boolean(row?.change_json);
  return {
    version: Number(row?.version ?? 0),
    site: row?.site_json ? (JSON.parse(row.site_json) as SiteConfig) : null,
    changedSince: known ? Number(since) : null,
    // Written by the import from the same type (content.repository.ts, `publish`).
    change: known ? (JSON.parse(row!.change_json!) as ContentChange) : null,
    themeCss: row?.theme_css ?? null,
  };
}

/**
 * What `next` changed of the posts since `previous`, when it is one version on and its import
 * recorded it; null when it may hold any change (a version seen for the first time, several
 * moves at once, a restore).
 */
export function changeSince(previous: ContentState, next: ContentState): ContentChange | null {
  return previous.version >= 0 &&
    next.version === previous.version + 1 &&
    next.changedSince === previous.version
    ? next.change
    : null;
}

/**
 * Watches the content version so that every instance drops its caches after an import,
 * whichever process ran it: on PostgreSQL when the import's NOTIFY arrives, on SQLite (one
 * machine, no notifications) by reading one indexed row a second.
 */
export class ContentStateWatcher {
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private current: ContentState = {
    version: -1,
    site: null,
    changedSince: null,
    change: null,
    themeCss: null,
  };
  private readonly listeners = new Set<(state: ContentState, previous: ContentState) => void>();
  /** The refresh running, if any: the next waits for it. */
  private refreshing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: WatchOptions = {},
  ) {}

  get state(): ContentState {
    return this.current;
  }

  onChange(listener: (state: ContentState, previous: ContentState) => void): void {
    this.listeners.add(listener);
  }

  /**
   * Reads the state now; notifies listeners if the version moved. One read at a time: a NOTIFY
   * and a poll (or a caller) at once would otherwise both see the version move before either
   * took it, and the later one would announce it again, dropping every cached answer twice.
   */
  refresh(): Promise<void> {
    const run = this.refreshing.then(() => this.readIfMoved());
    this.refreshing = run.catch(() => {});
    return run;
  }

  private async readIfMoved(): Promise<void> {
    const { version } = await this.db
      .selectFrom('content_state')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(version) === this.current.version) return;
    const previous = this.current;
    this.current = await readContentState(this.db);
    for (const listener of this.listeners) listener(this.current, previous);
  }

  async start(): Promise<void> {
    await this.refresh();
    // The database being away is reported by /readyz and the requests; the watch just retries.
    const refresh = () => void this.refresh().catch(() => {});
    const { listen } = this.options;
    this.unlisten = listen?.(CONTENT_CHANNEL, refresh);
    this.timer = setInterval(refresh, listen ? BACKSTOP_POLL_MS : (this.options.pollMs ?? POLL_MS));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
  }
}
