/** The kinds of count in `analytics_counts`: what its `path`, `value` and `peak` hold for each. */
export const KIND = {
  /** A page read by a person: path the page, value ''. */
  view: 'view',
  /** Visitors first seen that hour on the path ('' for the whole site). */
  visitors: 'visitors',
  /** Views whose reader sent DNT or Sec-GPC: counted, nothing else of them kept. */
  untracked: 'untracked',
  /** A view that came from another site: path the page, value the referring host. */
  referrer: 'referrer',
  /** A view whose address carried `utm_source`: path the page, value the source. */
  utm: 'utm',
  /** Views by device class: value `mobile`, `tablet` or `desktop`. */
  device: 'device',
  /** Answers to bots and crawlers: value the bot's name. */
  bot: 'bot',
  /** A search's first page: value its words, peak the posts it found (0: none). */
  search: 'search',
  /** A page that is not there (404, 410): path it, value the referring host or ''. */
  missing: 'missing',
  /** A feed fetched: path the feed, value the reader's name when it reports subscribers, peak them. */
  feed: 'feed',
  /** The employer gate: value `attempt` or `unlock`. */
  gate: 'gate',
  /** A contact message received. */
  contact: 'contact',
} as const;

export type Kind = (typeof KIND)[keyof typeof KIND];

/** Where the values past a cap are added up, so that totals stay whole. */
export const OTHER = '(other)';
