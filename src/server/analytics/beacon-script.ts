import { STATS_ROUTES } from '../../shared/paths.js';

/**
 * The script pages load with ANALYTICS_BEACON (same origin, so `script-src 'self'` allows it):
 * it reports each address the reader sees, the first with the document's referrer, by
 * `navigator.sendBeacon` (same origin, no cookie: the site sets none). Moves inside the app
 * change the address through the History API, which it watches.
 */
export const BEACON_SCRIPT = `(() => {
  if (!navigator.sendBeacon) return;
  let shown = '';
  let referrer = document.referrer;
  const report = () => {
    const url = location.pathname + location.search;
    if (url === shown) return;
    shown = url;
    navigator.sendBeacon(${JSON.stringify(STATS_ROUTES.beacon)}, JSON.stringify({ url, referrer }));
    referrer = '';
  };
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      report();
      return result;
    };
  }
  addEventListener('popstate', report);
  report();
})();
`;

/** The tag pages carry in their head with ANALYTICS_BEACON. */
export const BEACON_TAG = `<script src="${STATS_ROUTES.beaconScript}" defer></script>`;
