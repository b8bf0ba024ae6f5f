import { Type, type Static } from 'typebox';

const Count = Type.Integer({ minimum: 0 });

/** Views and visitors of one day (or, past ANALYTICS_DAILY_DAYS, of one month: `2026-05`). */
export const StatsDay = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD, or YYYY-MM for a month folded together' }),
  views: Count,
  visitors: Count,
});

/** Views and visitors first seen in one hour (UTC), for the last two days. */
export const StatsHour = Type.Object({
  hour: Type.String({ description: 'YYYY-MM-DDTHH (UTC)' }),
  views: Count,
  visitors: Count,
});

/** A page: its views, and its visitors (each counted once a day). */
export const StatsPage = Type.Object({ path: Type.String(), views: Count, visitors: Count });

/** Something counted by name (a referring host, a utm_source, a device class, a bot). */
export const StatsNamed = Type.Object({ name: Type.String(), count: Count });

/** A search's words, how often they were searched, and the posts the search found. */
export const StatsSearch = Type.Object({ words: Type.String(), count: Count, found: Count });

/** A missing page asked for, how often, and where those who asked came from. */
export const StatsMissing = Type.Object({
  path: Type.String(),
  count: Count,
  referrers: Type.Array(StatsNamed),
});

/** A feed: its fetches, and the subscribers its readers reported (the largest of each reader). */
export const StatsFeed = Type.Object({
  path: Type.String(),
  fetches: Count,
  subscribers: Count,
  readers: Type.Array(Type.Object({ name: Type.String(), subscribers: Count })),
});

/**
 * What `postfolio stats --json` prints and the dashboard draws: the counts of the days from `from`
 * to `to` (UTC, both included). Visitors are counted per day and added up over days: a visitor of
 * two days counts twice, as nothing links one day's visitors to the next.
 */
export const StatsSummary = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object({
    views: Count,
    visitors: Count,
    /** Views of readers who sent DNT or Sec-GPC: counted, nothing else of them kept. */
    untracked: Count,
    /** Answers to bots and crawlers, counted apart from views. */
    bots: Count,
  }),
  days: Type.Array(StatsDay),
  hours: Type.Array(StatsHour),
  pages: Type.Array(StatsPage),
  referrers: Type.Array(StatsNamed),
  sources: Type.Array(StatsNamed),
  devices: Type.Array(StatsNamed),
  searches: Type.Array(StatsSearch),
  /** Searches that found nothing: posts readers looked for. */
  unfound: Type.Array(StatsSearch),
  missing: Type.Array(StatsMissing),
  feeds: Type.Array(StatsFeed),
  bots: Type.Array(StatsNamed),
  gate: Type.Object({ attempts: Count, unlocks: Count }),
  contact: Type.Object({ messages: Count }),
});
export type StatsSummary = Static<typeof StatsSummary>;
export type StatsNamed = Static<typeof StatsNamed>;
