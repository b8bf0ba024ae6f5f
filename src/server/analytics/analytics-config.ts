/** The analytics settings (ANALYTICS_* in settings/vocabulary.ts), validated by config.ts. */
export interface AnalyticsConfig {
  /** ANALYTICS: off counts nothing, writes nothing and serves no dashboard. */
  enabled: boolean;
  /** How often the counts held in memory are written to the store. */
  flushMs: number;
  /** Hours are kept this many days, then folded into days. */
  hourlyDays: number;
  /** Days are kept this many days, then folded into months. */
  dailyDays: number;
  /** Counts older than this many days are deleted. */
  retentionDays: number;
  /** ANALYTICS_BEACON: pages report their own views (for a CDN in front), the server counts none of them. */
  beacon: boolean;
}
