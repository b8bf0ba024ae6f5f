import type { Kysely } from 'kysely';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import type { Database } from '../db/schema.js';

export interface ContentState {
  version: number;
  site: SiteConfig | null;
}

/** Reads the content version and site config that import writes. */
export async function readContentState(db: Kysely<Database>): Promise<ContentState> {
  const row = await db
    .selectFrom('content_state')
    .select(['version', 'site_json'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    version: Number(row?.version ?? 0),
    site: row?.site_json ? (JSON.parse(row.site_json) as SiteConfig) : null,
  };
}

/**
 * Watches the content version so that every instance drops its caches after an import,
 * whichever process ran it. Polling one indexed row a second is cheap on both engines.
 */
export class ContentStateWatcher {
  private timer: NodeJS.Timeout | undefined;
  private current: ContentState = { version: -1, site: null };
  private readonly listeners = new Set<(state: ContentState) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly intervalMs = 1000,
  ) {}

  get state(): ContentState {
    return this.current;
  }

  onChange(listener: (state: ContentState) => void): void {
    this.listeners.add(listener);
  }

  /** Reads the state now; notifies listeners if the version moved. */
  async refresh(): Promise<void> {
    const { version } = await this.db
      .selectFrom('content_state')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(version) === this.current.version) return;
    this.current = await readContentState(this.db);
    for (const listener of this.listeners) listener(this.current);
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      // The database being away is reported by /readyz and the requests; polling just retries.
      this.refresh().catch(() => {});
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
