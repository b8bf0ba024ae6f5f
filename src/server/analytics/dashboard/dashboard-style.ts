/**
 * The dashboard's stylesheet, inlined and allowed by its hash in the page's CSP: the page loads
 * nothing but itself. Chart colours are classes here, never style attributes.
 */
export const DASHBOARD_CSS = `
:root { color-scheme: light dark; --ink: #1d2430; --muted: #5b6575; --line: #c9d1dc;
  --a: #0b5cad; --b: #d9822b; --paper: #fff; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e6ebf2; --muted: #9aa6b5; --line: #3a4556; --a: #6fb1ff; --b: #ffb36b; --paper: #12161c; }
}
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; }
p, caption { color: var(--muted); }
nav a { margin-right: 1rem; } nav a[aria-current] { font-weight: 700; color: var(--ink); }
a { color: var(--a); }
.totals { display: flex; flex-wrap: wrap; gap: 1.5rem; margin: 1rem 0; padding: 0; list-style: none; }
.totals strong { display: block; font-size: 1.6rem; }
.chart { width: 100%; height: auto; display: block; }
.series-0 { fill: var(--a); } .series-1 { fill: var(--b); }
.axis { stroke: var(--line); } .tick, .label { fill: var(--muted); font-size: 12px; }
.label { fill: var(--ink); }
.legend .a { color: var(--a); } .legend .b { color: var(--b); }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-variant-numeric: tabular-nums; }
caption { text-align: left; } th, td { padding: .2rem .5rem; border-bottom: 1px solid var(--line); }
td { text-align: right; } th[scope="row"] { text-align: left; font-weight: 400; word-break: break-all; }
details { margin: .5rem 0 1rem; } summary { cursor: pointer; color: var(--muted); }
`;
