/**
 * The page's one script tag. A server-rendered page is complete without JavaScript, so the app's
 * code is fetched after the first paint: on a slow connection the text gets the bandwidth first
 * (Lighthouse's simulated first paint counts every request started before it; decision 005),
 * then the app hydrates. A brand's font comes first: the text painted in the fallback sized to it
 * (server/brand/site-look.ts), then the font's faces loaded and the page swapped to them part by
 * part (served-font.ts).
 */
import { ROUTE_MODULES_META, SERVED_FONT_META } from '../shared/route-modules-meta.js';

let started = false;

/** The addresses a meta tag of the page names. */
const named = (meta: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content.match(/\S+/g) ?? [];

function start() {
  if (started) return;
  started = true;
  // The font first: its files are the text's.
  for (const href of named(SERVED_FONT_META))
    void import('./served-font.js').then((font) => font.applyServedFont(href));
  // Every module this page needs (the stages below and its route modules), fetched at once.
  for (const href of named(ROUTE_MODULES_META)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void evaluateInStages();
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Evaluating a module graph is one task. The whole app at once was one task of ≈ 250 ms under
 * Lighthouse's 4× CPU slowdown (React DOM alone is 200 KB of code); library by library, the
 * browser can paint and answer input between them. The server names all these modules in the page
 * with the route modules, so they are fetched at once and only their evaluation waits.
 */
async function evaluateInStages() {
  await import('./stages/react-router.js');
  await nextTask();
  await import('./stages/react-dom.js');
  await nextTask();
  await import('./entry.client.js');
}

// In the frame after the one that paints the server's HTML: a timer could fire before that frame
// is shown (on a busy device after any delay), and the requests it starts would then count in
// Lighthouse's simulated first paint (1.7 s instead of 1.1 s in 2 of 5 runs of the second brand's
// /resume) and hold back the paint itself. A hidden tab paints no frames: nothing to wait for.
requestAnimationFrame(() => requestAnimationFrame(start));
if (document.hidden) start();
