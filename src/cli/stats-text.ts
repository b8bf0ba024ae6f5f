import type { StatsNamed, StatsSummary } from '../shared/schemas/stats.js';
import { printable } from './printable.js';

/** Rows each list shows in the terminal; `--json` has them all. */
const TOP = 10;
const BARS = '▁▂▃▄▅▆▇█';

const number = (n: number) => n.toLocaleString('en-US');

/** One character a value, the tallest for the largest; a blank for none. */
export function sparkline(values: readonly number[]): string {
  const top = Math.max(0, ...values);
  return values
    .map((value) =>
      value === 0 || top === 0
        ? ' '
        : BARS[Math.min(BARS.length - 1, Math.floor((value / top) * (BARS.length - 1)))],
    )
    .join('');
}

/** A table of text rows under a heading: the first column left, figures right. */
function table(heading: string, head: string[], rows: string[][], empty: string): string[] {
  if (rows.length === 0) return [heading, `  ${empty}`];
  const all = [head, ...rows];
  const widths = head.map((_, column) => Math.max(...all.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ')}`;
  return [heading, line(head), ...rows.map(line)];
}

const named = (heading: string, what: string, list: readonly StatsNamed[]) =>
  table(
    heading,
    [what, 'count'],
    list.slice(0, TOP).map((item) => [printable(item.name), number(item.count)]),
    'none',
  );

/** The totals and the sparklines of views and visitors per day. */
function overview(stats: StatsSummary): string[] {
  const { totals, days } = stats;
  return [
    `Readers from ${stats.from} to ${stats.to} (UTC)`,
    `  views     ${number(totals.views).padStart(9)}  ${sparkline(days.map((d) => d.views))}`,
    `  visitors  ${number(totals.visitors).padStart(9)}  ${sparkline(days.map((d) => d.visitors))}`,
    `  one bar a day, ${days[0]?.day ?? stats.from} first; visitors are counted per day`,
    `  ${number(totals.untracked)} views asked not to be tracked (DNT, Sec-GPC); ` +
      `${number(totals.bots)} answers to bots, not counted as views`,
  ];
}

function searchTables(stats: StatsSummary): string[] {
  return [
    ...table(
      'Searches',
      ['words', 'count', 'found'],
      stats.searches
        .slice(0, TOP)
        .map((s) => [printable(s.words), number(s.count), number(s.found)]),
      'none',
    ),
    '',
    ...table(
      'Searches that found nothing (posts to write?)',
      ['words', 'count'],
      stats.unfound.slice(0, TOP).map((s) => [printable(s.words), number(s.count)]),
      'none',
    ),
  ];
}

function missingAndFeeds(stats: StatsSummary): string[] {
  return [
    ...table(
      'Missing pages (404, 410)',
      ['page', 'count', 'from'],
      stats.missing.slice(0, TOP).map((m) => [
        printable(m.path),
        number(m.count),
        printable(
          m.referrers
            .map((r) => r.name)
            .slice(0, 3)
            .join(', ') || '-',
        ),
      ]),
      'none',
    ),
    '',
    ...table(
      'Feeds',
      ['feed', 'fetches', 'subscribers'],
      stats.feeds.map((f) => [printable(f.path), number(f.fetches), number(f.subscribers)]),
      'no fetches',
    ),
  ];
}

/** The summary as `postfolio stats` prints it. */
export function statsText(stats: StatsSummary): string {
  return [
    ...overview(stats),
    '',
    ...table(
      'Top pages',
      ['page', 'views', 'visitors'],
      stats.pages
        .slice(0, TOP)
        .map((page) => [printable(page.path), number(page.views), number(page.visitors)]),
      'no views yet',
    ),
    '',
    ...named('Referrers', 'host', stats.referrers),
    '',
    ...named('Sources (utm_source)', 'source', stats.sources),
    '',
    ...named('Devices', 'device', stats.devices),
    '',
    ...searchTables(stats),
    '',
    ...missingAndFeeds(stats),
    '',
    `Employer gate: ${number(stats.gate.attempts)} attempts, ${number(stats.gate.unlocks)} unlocked`,
    `Contact messages: ${number(stats.contact.messages)}`,
    '',
    ...named('Bots', 'bot', stats.bots),
  ].join('\n');
}
