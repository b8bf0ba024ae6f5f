import { afterAll, describe, expect, it } from 'vitest';
import { accentTokens } from '../../src/server/brand/accent.js';
import { audit, describeViolations } from './helpers/axe.js';
import { DESKTOP, fontsIn, PHONE, useE2E, visit } from './helpers/browser.js';
import { writeSecondBrandSite } from './helpers/second-brand.js';

// The second brand (helpers/second-brand.ts): accent, served font, code themes, logo, links, theme.css.
const site = writeSecondBrandSite();
// Registered first, so run last (after hooks run in reverse): once the server has stopped.
afterAll(() => site.remove());
const e2e = useE2E({ env: site.env });

/** `#rrggbb` as a computed colour reads. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const CSP_REFUSAL = /Content Security Policy/i;

describe('a branded site in the browser', () => {
  it.each(['light', 'dark'] as const)(
    'shows the accent and its derived colours in the %s scheme, theme.css on top',
    async (scheme) => {
      const { page, errors } = await e2e.tab({ colorScheme: scheme });
      await visit(page, '/posts');
      const accent = scheme === 'light' ? '#8c2f1b' : '#f0a58f';
      const tokens = accentTokens(accent, scheme);
      const read = await page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        const token = (name: string) => style.getPropertyValue(`--${name}`).trim();
        const link = document.querySelector('main a[href]')!;
        return {
          accent: token('accent'),
          strong: token('accent-strong'),
          focus: token('focus'),
          radius: token('radius'),
          link: getComputedStyle(link).color,
        };
      });
      expect(read).toEqual({
        accent,
        strong: tokens['accent-strong'],
        focus: tokens.focus,
        radius: '3px',
        link: expect.any(String),
      });
      // A link of the page's text takes the accent (a card title may be styled as text).
      const accentLinks = await page.evaluate(
        (color) =>
          [...document.querySelectorAll('a[href]')].filter(
            (a) => getComputedStyle(a).color === color,
          ).length,
        rgb(accent),
      );
      expect(accentLinks).toBeGreaterThan(0);
      expect(errors.filter((e) => CSP_REFUSAL.test(e))).toEqual([]);
    },
  );

  it('loads its font from the site itself after the first paint, loads the faces its text needs before any joins the page, and the text does not move', async () => {
    const { page } = await e2e.tab({ viewport: PHONE });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      // Each face as it joins the document: its style, first range and whether it is in already.
      const added: string[] = [];
      (window as unknown as { added: string[] }).added = added;
      const add = FontFaceSet.prototype.add;
      FontFaceSet.prototype.add = function (face) {
        added.push(
          `${face.family} ${face.style} ${face.unicodeRange.split(',')[0]} ${face.status}`,
        );
        return add.call(this, face);
      };
      // Registered before the page's boot script, so it runs first in the same frame.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          (window as unknown as { secondFrame: number }).secondFrame = performance.now();
        }),
      );
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visit(page, '/resume');
    await fontsIn(page);
    const loaded = await page.evaluate(() => ({
      family: getComputedStyle(document.body).fontFamily,
      ready: document.fonts.check('16px "Source Serif 4 Variable"'),
      // A face made in script names its family quoted.
      faces: [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .map((f) => f.family.replace(/^"|"$/g, '')),
    }));
    expect(loaded.family).toMatch(/^"Source Serif 4 Variable", "Source Serif 4 Variable Fallback"/);
    // One layout for the swap: the faces this page's text needs (Latin, upright and the italic of
    // the timeline's places) were loaded before any face joined the document; the others joined
    // unloaded, and nothing fetched them.
    const added = await page.evaluate(() => (window as unknown as { added: string[] }).added);
    const served = added.filter((face) => face.startsWith('"Source Serif 4 Variable" '));
    expect(served.length).toBeGreaterThan(4);
    expect(served.filter((face) => face.endsWith(' loaded')).sort()).toEqual([
      '"Source Serif 4 Variable" italic U+0-FF loaded',
      '"Source Serif 4 Variable" normal U+0-FF loaded',
    ]);
    expect(served.filter((face) => !/ (loaded|unloaded)$/.test(face))).toEqual([]);
    expect(
      requested
        .filter((url) => /\/fonts\/[^/]+\.woff2$/.test(url))
        .map((url) => url.split('/').pop()),
    ).toEqual([
      expect.stringMatching(/latin-wght-(normal|italic)/),
      expect.stringMatching(/latin-wght-(normal|italic)/),
    ]);
    expect(loaded.ready).toBe(true);
    expect(loaded.faces).toContain('Source Serif 4 Variable');
    const origin = new URL(e2e.server.url).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
      [],
    );
    expect(
      requested.some((url) =>
        /\/fonts\/source-serif-4-latin-wght-normal\.[0-9a-f]{8}\.woff2$/.test(url),
      ),
    ).toBe(true);
    // Asked for in the frame after the one that paints the server's HTML (the boot script applies
    // the faces then), so that no font's bytes hold back the first and largest paints, and
    // swapped in without a shift. (Measured by frames: a busy host can show a frame later than
    // the next one starts, so the first paint's own time may follow the request.)
    const timing = await page.evaluate(() => ({
      secondFrame: (window as unknown as { secondFrame: number }).secondFrame,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/fonts\/[^/]+\.woff2$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.fonts.length).toBeGreaterThan(0);
    for (const start of timing.fonts) expect(start).toBeGreaterThanOrEqual(timing.secondFrame);
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThan(0.05);
  });

  it('links its font’s stylesheet where the browser cannot apply the faces from script', async () => {
    const { page } = await e2e.tab();
    // As in a browser without constructed stylesheets (Safari before 16.4).
    await page.addInitScript(() => {
      CSSStyleSheet.prototype.replaceSync = () => {
        throw new TypeError('replaceSync is not a function');
      };
    });
    await visit(page, '/resume');
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
        ),
      )
      .toContain('Source Serif 4 Variable');
    expect(
      await page.evaluate(
        () => document.querySelectorAll('head > link[rel="stylesheet"][href^="/fonts/"]').length,
      ),
    ).toBe(1);
  });

  it('loads its font without scripts too, from the page’s <noscript>', async () => {
    const { page } = await e2e.tab({ javaScriptEnabled: false });
    await page.goto('/resume');
    // No frame callbacks without scripts (fontsIn waits for one): the faces are polled.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
        ),
      )
      .toContain('Source Serif 4 Variable');
  });

  it.each([
    ['light', 'rgb(250, 250, 250)'],
    ['dark', 'rgb(40, 42, 54)'],
  ] as const)('colours code with the chosen %s theme', async (scheme, background) => {
    const { page } = await e2e.tab({ colorScheme: scheme });
    await visit(page, '/a-small-result-type');
    const code = await page.evaluate(() => {
      const pre = document.querySelector('pre.shiki')!;
      const colours = new Set(
        [...pre.querySelectorAll('span[class]')].map((span) => getComputedStyle(span).color),
      );
      return { background: getComputedStyle(pre).backgroundColor, colours: colours.size };
    });
    expect(code.background).toBe(background);
    expect(code.colours).toBeGreaterThan(3);
  });

  // The brand's colours, font and theme.css on the pages the issue names, as axe sees them: every
  // rule in light, then the colour rules again once the page has turned dark in place.
  for (const viewport of [PHONE, DESKTOP])
    it(`has no axe violations at ${viewport.width}px, light and dark`, async () => {
      const { page } = await e2e.tab({ viewport });
      const found: Record<string, unknown> = {};
      for (const path of ['/', '/resume', '/posts', '/a-small-result-type']) {
        await page.emulateMedia({ colorScheme: 'light' });
        await visit(page, path);
        const light = await audit(page);
        if (light.violations.length) found[`${path} light`] = describeViolations(light);
        await page.emulateMedia({ colorScheme: 'dark' });
        const accent = () =>
          getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
        expect(await page.evaluate(accent), 'the page turned dark').toBe('#f0a58f');
        const dark = await audit(page, ['color-contrast', 'link-in-text-block']);
        expect(dark.passes.length + dark.incomplete.length, 'colour rules ran').toBeGreaterThan(0);
        if (dark.violations.length) found[`${path} dark`] = describeViolations(dark);
      }
      expect(found).toEqual({});
    });
});
