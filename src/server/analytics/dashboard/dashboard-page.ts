import type { StatsSummary } from '../../../shared/schemas/stats.js';
import { statsPath } from '../../../shared/paths.js';
import { escapeHtml } from '../../http/small-page.js';
import { DASHBOARD_CSS } from './dashboard-style.js';
import { barChart, columnChart, dataTable, type Bar } from './svg-charts.js';

/** The ranges the dashboard offers, in days. */
export const DASHBOARD_DAYS = [7, 30, 90, 365] as const;
const TOP = 15;

const number = (n: number) => n.toLocaleString('en-US');

/** A chart and, under it, its table, which a screen reader or a reader without SVG reads. */
function figure(chart: string, table: string): string {
  return `<figure>${chart}<details><summary>Table</summary>${table}</details></figure>`;
}

/** Views and visitors over time as columns, over the table of the same rows. */
function timeFigure(
  id: string,
  [chartTitle, tableTitle]: [string, string],
  period: string,
  rows: Array<{ label: string; at: string; views: number; visitors: number }>,
): string {
  const bars: Bar[] = rows.map((row) => ({ label: row.label, values: [row.views, row.visitors] }));
  return figure(
    columnChart({ id, title: chartTitle, series: ['views', 'visitors'] }, bars),
    dataTable(
      tableTitle,
      [period, 'views', 'visitors'],
      rows.map((row) => [row.at, row.views, row.visitors]),
    ),
  );
}

function overTime(stats: StatsSummary): string[] {
  const days = stats.days.map((d) => ({ label: d.day, at: d.day, ...d }));
  const hours = stats.hours.map((h) => ({
    label: `${h.hour.slice(5, 10)} ${h.hour.slice(11)}:00`,
    at: h.hour,
    ...h,
  }));
  return [
    '<h2>Views and visitors per day</h2>',
    '<p class="legend"><span class="a">■ views</span> <span class="b">■ visitors</span> (UTC; visitors are counted per day)</p>',
    timeFigure('days', ['Views and visitors per day', 'Views and visitors per day'], 'day', days),
    '<h2>The last 48 hours</h2>',
    timeFigure(
      'hours',
      ['Views and new visitors per hour', 'Views and visitors first seen per hour'],
      'hour (UTC)',
      hours,
    ),
  ];
}

/** A list drawn as horizontal bars over its table. */
function ranking(id: string, title: string, head: string[], rows: Array<Array<string | number>>) {
  if (rows.length === 0) return [`<h2>${escapeHtml(title)}</h2>`, '<p>None yet.</p>'];
  const bars = rows
    .slice(0, TOP)
    .map((row) => ({ label: String(row[0]), values: [Number(row[1])] }));
  return [
    `<h2>${escapeHtml(title)}</h2>`,
    figure(barChart({ id, title, series: [head[1]!] }, bars), dataTable(title, head, rows)),
  ];
}

function lists(stats: StatsSummary): string[] {
  const named = (list: StatsSummary['referrers']) => list.map((item) => [item.name, item.count]);
  return [
    ...ranking(
      'pages',
      'Top pages',
      ['page', 'views', 'visitors'],
      stats.pages.map((p) => [p.path, p.views, p.visitors]),
    ),
    ...ranking('referrers', 'Referrers', ['host', 'views'], named(stats.referrers)),
    ...ranking('sources', 'Sources (utm_source)', ['source', 'views'], named(stats.sources)),
    ...ranking('devices', 'Devices', ['device', 'views'], named(stats.devices)),
    ...ranking(
      'searches',
      'Searches',
      ['words', 'searches', 'posts found'],
      stats.searches.map((s) => [s.words, s.count, s.found]),
    ),
    ...ranking(
      'unfound',
      'Searches that found nothing',
      ['words', 'searches'],
      stats.unfound.map((s) => [s.words, s.count]),
    ),
    ...ranking(
      'missing',
      'Missing pages (404, 410)',
      ['page', 'asked', 'from'],
      stats.missing.map((m) => [m.path, m.count, m.referrers.map((r) => r.name).join(', ')]),
    ),
    ...ranking(
      'feeds',
      'Feeds',
      ['feed', 'fetches', 'subscribers'],
      stats.feeds.map((f) => [f.path, f.fetches, f.subscribers]),
    ),
    ...ranking('bots', 'Bots (not counted as views)', ['bot', 'answers'], named(stats.bots)),
  ];
}

/** The dashboard's page: the same summary as `postfolio stats`, drawn as SVG with its tables. */
export function dashboardPage(options: {
  stats: StatsSummary;
  token: string;
  days: number;
  expiresAt: number;
  siteTitle: string;
  language: string;
}): string {
  const { stats, token, days } = options;
  const { totals } = stats;
  const ranges = DASHBOARD_DAYS.map((n) =>
    n === days
      ? `<a href="${escapeHtml(statsPath.dashboard(token, n))}" aria-current="page">${n} days</a>`
      : `<a href="${escapeHtml(statsPath.dashboard(token, n))}">${n} days</a>`,
  );
  const main = [
    `<h1>Readers of ${escapeHtml(options.siteTitle)}</h1>`,
    `<p>${stats.from} to ${stats.to} (UTC). This private link works until ${new Date(options.expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.</p>`,
    `<nav aria-label="Range">${ranges.join('')}</nav>`,
    '<ul class="totals">',
    `<li><strong>${number(totals.views)}</strong> views</li>`,
    `<li><strong>${number(totals.visitors)}</strong> visitors</li>`,
    `<li><strong>${number(stats.gate.unlocks)}</strong> résumé unlocks of ${number(stats.gate.attempts)} attempts</li>`,
    `<li><strong>${number(stats.contact.messages)}</strong> contact messages</li>`,
    `<li><strong>${number(totals.untracked)}</strong> views asking not to be tracked</li>`,
    `<li><strong>${number(totals.bots)}</strong> answers to bots</li>`,
    '</ul>',
    ...overTime(stats),
    ...lists(stats),
  ];
  return `<!doctype html>
<html lang="${escapeHtml(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>Readers · ${escapeHtml(options.siteTitle)}</title>
<style>${DASHBOARD_CSS}</style>
</head>
<body>
<main>
${main.join('\n')}
</main>
</body>
</html>
`;
}
