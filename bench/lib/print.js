// Printing figures: numbers with thousands separators, and fixed-width text tables.

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : String(n);

/** A fixed-width text table: the first column left-aligned, the others right (or all left). */
export function table(header, rows, { leftAligned = false } = {}) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (i === 0 || leftAligned ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ');
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of all.slice(1)) console.log(line(r));
}
