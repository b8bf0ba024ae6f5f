import { escapeHtml } from '../../http/small-page.js';

/** One bar of a chart: its label and its values (one series or two). */
export interface Bar {
  label: string;
  values: readonly number[];
}

/** What a chart says in words, for screen readers and as its table's caption. */
export interface ChartText {
  id: string;
  title: string;
  /** The series' names, in the order of each bar's values. */
  series: readonly string[];
}

const WIDTH = 720;
const HEIGHT = 180;
const AXIS = 24;

const niceTop = (top: number) => {
  if (top <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(top));
  return Math.ceil(top / step) * step;
};

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Vertical bars over time, drawn on the server (no script): each period a group of one bar per
 * series, the largest value at the top, the first and last labels under the axis. Colours come
 * from the page's stylesheet (`.series-0`, `.series-1`), never a style attribute.
 */
export function columnChart(text: ChartText, bars: readonly Bar[]): string {
  const top = niceTop(Math.max(0, ...bars.flatMap((bar) => bar.values)));
  const plot = HEIGHT - AXIS;
  const slot = WIDTH / Math.max(1, bars.length);
  const width = Math.max(1, (slot * 0.8) / Math.max(1, text.series.length));
  const rects = bars.flatMap((bar, i) =>
    bar.values.map((value, s) => {
      const height = (value / top) * (plot - 4);
      return `<rect class="series-${s}" x="${round(i * slot + slot * 0.1 + s * width)}" y="${round(plot - height)}" width="${round(width)}" height="${round(height)}"><title>${escapeHtml(`${bar.label}: ${value} ${text.series[s] ?? ''}`)}</title></rect>`;
    }),
  );
  const first = bars[0]?.label ?? '';
  const last = bars.at(-1)?.label ?? '';
  return [
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${text.id}-title" xmlns="http://www.w3.org/2000/svg">`,
    `<title id="${text.id}-title">${escapeHtml(text.title)}</title>`,
    `<line class="axis" x1="0" y1="${plot}" x2="${WIDTH}" y2="${plot}"/>`,
    `<text class="tick" x="0" y="12">${top}</text>`,
    ...rects,
    `<text class="tick" x="0" y="${HEIGHT - 6}">${escapeHtml(first)}</text>`,
    `<text class="tick" x="${WIDTH}" y="${HEIGHT - 6}" text-anchor="end">${escapeHtml(last)}</text>`,
    '</svg>',
  ].join('');
}

/** Horizontal bars, one a row, each labelled with its name and value: the top of a list. */
export function barChart(text: ChartText, bars: readonly Bar[]): string {
  const row = 22;
  const height = Math.max(row, bars.length * row);
  const top = Math.max(1, ...bars.map((bar) => bar.values[0] ?? 0));
  const labelWidth = 260;
  const room = WIDTH - labelWidth - 60;
  const rows = bars.map((bar, i) => {
    const value = bar.values[0] ?? 0;
    const y = i * row;
    const label = bar.label.length > 40 ? `${bar.label.slice(0, 39)}…` : bar.label;
    return [
      `<text class="label" x="0" y="${y + 15}">${escapeHtml(label)}</text>`,
      `<rect class="series-0" x="${labelWidth}" y="${y + 4}" width="${round(Math.max(1, (value / top) * room))}" height="${row - 8}"/>`,
      `<text class="tick" x="${round(labelWidth + (value / top) * room + 6)}" y="${y + 15}">${value}</text>`,
    ].join('');
  });
  return [
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${text.id}-title" xmlns="http://www.w3.org/2000/svg">`,
    `<title id="${text.id}-title">${escapeHtml(text.title)}</title>`,
    ...rows,
    '</svg>',
  ].join('');
}

/** The table a chart stands for, its first column the labels: the chart's text alternative. */
export function dataTable(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cell = (value: string | number, i: number) =>
    i === 0
      ? `<th scope="row">${escapeHtml(String(value))}</th>`
      : `<td>${escapeHtml(String(value))}</td>`;
  return [
    '<table>',
    `<caption>${escapeHtml(caption)}</caption>`,
    `<thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('');
}
