import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { manyPosts, siteFixture, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { WEB_DIR } from '../../../test/helpers/web-app.js';
import type { BrandConfig } from '../../shared/schemas/brand.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importContent } from '../content/import.service.js';
import { styleHash } from '../http/security-headers.js';
import { mountWeb } from '../routes/web.js';
import { exportStore } from '../backup/export.service.js';
import { accentTokens } from './accent.js';

/** The fixture site with this brand (none: the demo's look). */
function siteWith(brand?: BrandConfig): SiteConfig {
  const site = siteFixture({ news: 'News' });
  return brand ? { ...site, brand } : site;
}

/** The inline stylesheets of a page, in order. */
const inlineStyles = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);

/** The sources `style-src` allows. */
const styleSources = (csp: string) => csp.match(/style-src ([^;]+)/)![1]!.split(' ');

/** The app's own stylesheet, which pages inline and error pages link. */
let appCss = '';

/** What a page's head and CSP say of the brand: its stylesheets, each allowed by its hash. */
function pageLook(res: { body: string; headers: Record<string, unknown> }) {
  const csp = String(res.headers['content-security-policy']);
  const styles = inlineStyles(res.body);
  const brand = styles.find((css) => css !== appCss);
  return { csp, styles, brand, sources: styleSources(csp) };
}

/** The CSP stays as strict as without a brand: no inline script, no style attributes. */
function expectStrict(res: { body: string; headers: Record<string, unknown> }) {
  const { csp, styles, sources } = pageLook(res);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toMatch(/script-src 'self';/);
  // Same-origin stylesheets and the inline ones by hash: the app's and the brand's, no other.
  expect(sources[0]).toBe("'self'");
  for (const css of styles) expect(sources).toContain(`'${styleHash(css)}'`);
  expect(sources.slice(1)).toEqual([
    `'${styleHash(appCss)}'`,
    ...styles.filter((css) => css !== appCss).map((css) => `'${styleHash(css)}'`),
  ]);
  expect(res.body).not.toMatch(/<[^>]+\sstyle=/);
  expect(res.body).not.toMatch(
    /<script(?![^>]*\ssrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/,
  );
}

describe.each(ENGINES)('the brand on the pages (%s)', (engine) => {
  let test: TestStore;
  let app: FastifyInstance;
  let contentDir: string;

  /** Imports the site again into the running app's store, as `postfolio import` would. */
  async function reimport(site: SiteConfig) {
    writeFileSync(join(contentDir, 'site.yaml'), stringify(site));
    await importContent(test.store, { contentDir, imagesDir: app.ctx.config.imagesDir });
    await app.ctx.contentState.refresh();
  }

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIR, 'server', 'entry.server.js')))
      throw new Error('Run `npm run build` first');
    test = await createTestStore(engine);
    contentDir = writeContent({ posts: manyPosts(2, 'news'), site: siteWith() });
    const config = loadConfig({
      CONTENT_DIR: contentDir,
      IMAGES_DIR: mkdtempSync(join(tmpdir(), 'pf-img-')),
      WEB_DIR,
    });
    await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
    app = await buildApp({ config, store: test.store, web: mountWeb });
    await app.ready();
    appCss = readFileSync(join(WEB_DIR, 'client', app.errorAnswers.stylesheets[0]!), 'utf8');
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });

  it.each<[string, BrandConfig | undefined]>([
    ['without a brand', undefined],
    [
      "with the demo's accent and defaults, as init writes them",
      { accent: { light: '#0b5cad' }, font: 'system' },
    ],
  ])('adds nothing to a site %s: the app stylesheet alone, as before', async (_, given) => {
    await reimport(siteWith(given));
    for (const url of ['/', '/resume', '/posts', '/no-such-page']) {
      const res = await app.inject(url);
      const { styles, brand } = pageLook(res);
      expect(brand, url).toBeUndefined();
      expect(styles.length, url).toBeLessThanOrEqual(1);
      expect(res.body).not.toContain('<!--app-look-->');
      expectStrict(res);
    }
  });

  it('sets the accent tokens of both schemes after the app stylesheet, allowed by hash', async () => {
    await reimport(siteWith({ accent: { light: '#c0392b', dark: '#ff8a80' } }));
    for (const url of ['/', '/resume', '/posts', '/post-1']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      const { brand } = pageLook(res);
      const light = accentTokens('#c0392b', 'light');
      const dark = accentTokens('#ff8a80', 'dark');
      expect(brand, url).toContain(
        `:root{--accent:#c0392b;--accent-strong:${light['accent-strong']};--accent-contrast:#ffffff;--focus:${light.focus}}`,
      );
      expect(brand).toContain(
        `@media (prefers-color-scheme:dark){:root{--accent:#ff8a80;--accent-strong:${dark['accent-strong']};--accent-contrast:#0b1320;--focus:${dark.focus}}}`,
      );
      // After the app's own stylesheet, so that its tokens win.
      expect(res.body.indexOf(brand!)).toBeGreaterThan(res.body.indexOf(pageLook(res).styles[0]!));
      expectStrict(res);
    }
  });

  it('shows the brand on error pages too, under the same CSP', async () => {
    await reimport(siteWith({ accent: { light: '#1b5e20' } }));
    for (const url of ['/no-such-page', '/cate/999999', '/%E0%A4%A']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(pageLook(res).brand, url).toContain('--accent:#1b5e20');
      expectStrict(res);
    }
  });

  it('moves every page to the new brand after a re-import, without a restart', async () => {
    await reimport(siteWith({ accent: { light: '#6a1b9a' } }));
    const before = await app.inject('/posts');
    expect(pageLook(before).brand).toContain('--accent:#6a1b9a');
    await reimport(siteWith({ accent: { light: '#00695c' } }));
    const after = await app.inject('/posts');
    expect(pageLook(after).brand).toContain('--accent:#00695c');
    expect(after.body).not.toContain('#6a1b9a');
    expect(pageLook(after).csp).not.toBe(pageLook(before).csp);
    expectStrict(after);
    // Back to no brand: the CSP allows the app's stylesheet alone again.
    await reimport(siteWith());
    const plain = await app.inject('/posts');
    expect(pageLook(plain).styles).toEqual([appCss]);
    expectStrict(plain);
  });

  it('serves the chosen font from the site itself: its faces after the first paint, a sized fallback before', async () => {
    await reimport(siteWith({ font: 'serif' }));
    const res = await app.inject('/posts');
    const { brand } = pageLook(res);
    // The fallback takes the font's room until it arrives: no shift when it swaps in.
    expect(brand).toMatch(
      /@font-face\{font-family:"Source Serif 4 Variable Fallback";src:local\('Times New Roman'\)[^}]*size-adjust:\d+(\.\d+)?%/,
    );
    expect(brand).toContain(
      ':root{--font:"Source Serif 4 Variable", "Source Serif 4 Variable Fallback", "Times New Roman", serif}',
    );
    // With scripts, the page keeps to the fallback until the boot script marks the root, and sets
    // each part it marks in the font meanwhile; without scripts, the rule above holds at once.
    expect(brand).toContain(
      '@media (scripting:enabled){:root:where(:not([data-font]):has(meta[name=postfolio-font])){--font:"Source Serif 4 Variable Fallback", "Times New Roman", serif}' +
        ':where([data-font]){--font:"Source Serif 4 Variable", "Source Serif 4 Variable Fallback", "Times New Roman", serif;font-family:var(--font)}}',
    );
    // The font's own faces are not in the page: nothing is downloaded before the first paint,
    // neither as a preload nor as the text's font.
    expect(brand).not.toContain("font-family:'Source Serif 4 Variable'");
    expect(res.body).not.toContain('.woff2');
    expect(res.body).not.toContain('rel="preload"');
    // The boot script applies their stylesheet after the first paint; without scripts, the
    // `<noscript>` links it.
    const href = res.body.match(
      /<meta name="postfolio-font" content="(\/fonts\/source-serif-4\.[0-9a-f]{8}\.css)">/,
    )?.[1];
    expect(href).toBeDefined();
    expect(res.body).toContain(`<noscript><link rel="stylesheet" href="${href}"></noscript>`);
    expect(res.body.indexOf(href!)).toBeGreaterThan(res.body.indexOf(brand!));
    const sheet = await app.inject(href!);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.body).toMatch(
      /^@font-face\{font-family:'Source Serif 4 Variable';font-style:normal;font-display:swap;/,
    );
    expect(sheet.body).toMatch(/font-style:italic/);
    // Every file it names is on this site, and served as immutable.
    const urls = [...sheet.body.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(12);
    for (const url of urls) expect(url).toMatch(/^\/fonts\/[\w.-]+\.[0-9a-f]{8}\.woff2$/);
    // Nothing the page loads comes from another host (links to other sites are not loads).
    const linked = /<link\s[^>]*rel="(stylesheet|preload|icon|manifest)"[^>]*href="(https?:)?\/\//;
    const embedded = /<(script|img|source)\s[^>]*(src|srcset)="(https?:)?\/\//;
    expect(res.body).not.toMatch(linked);
    expect(res.body).not.toMatch(embedded);
    expect(sheet.body).not.toMatch(/url\((['"]?)(https?:)?\/\//);
    const font = await app.inject(urls.find((url) => url.includes('-latin-wght-normal'))!);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.rawPayload).toEqual(
      readFileSync(
        join(
          'node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
        ),
      ),
    );
    expectStrict(res);
    // A page the server writes without the app (an error page) has no boot script: it links them.
    const error = await app.inject('/%E0%A4%A');
    expect(error.body).toContain(`<link rel="stylesheet" href="${href}">`);
    expect(error.body).not.toContain('<noscript>');
    expectStrict(error);
  });

  it('answers 404 for a font file it does not serve, even a real one by its plain name', async () => {
    for (const url of [
      '/fonts/source-serif-4-latin-wght-normal.woff2',
      '/fonts/source-serif-4-latin-wght-normal.00000000.woff2',
      '/fonts/source-serif-4.css',
      '/fonts/source-serif-4.00000000.css',
      '/fonts/..%2F..%2Fpackage.json',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('downloads no font for the system one, the default', async () => {
    for (const brand of [undefined, { font: 'system' as const }]) {
      await reimport(siteWith(brand));
      const res = await app.inject('/posts');
      expect(res.body).not.toContain('/fonts/');
      expect(res.body).not.toContain('@font-face');
      expect(res.body).not.toContain('postfolio-font');
    }
  });

  it('gives a monospaced font to code too', async () => {
    await reimport(siteWith({ font: 'mono', accent: { light: '#00695c' } }));
    const { brand } = pageLook(await app.inject('/posts'));
    expect(brand).toContain('--accent:#00695c');
    expect(brand).toMatch(
      /:root\{--font:"JetBrains Mono Variable", [^;]*monospace;--mono:"JetBrains Mono Variable"/,
    );
    // Code waits for the font and takes it part by part as the text does.
    expect(brand).toMatch(
      /\{--font:"JetBrains Mono Variable Fallback", [^;]*monospace;--mono:"JetBrains Mono Variable Fallback", [^;]*monospace\}/,
    );
    expect(brand).toMatch(
      /:where\(\[data-font\]\)\{--font:"JetBrains Mono Variable", [^;]*;--mono:"JetBrains Mono Variable", [^;]*;font-family:var\(--font\)\}/,
    );
  });

  it('renders code again with the chosen themes at the next import, and styles their classes', async () => {
    const codePost = (title: string) =>
      `---\ntitle: ${title}\ncategory: news\nimage: cover.svg\ndate: 2026-01-02\n---\n\n` +
      '```ts\nconst answer: number = 42; // the answer\nexport function ask(q: string) { return q; }\n```\n';
    writeFileSync(join(contentDir, 'posts', 'code.md'), codePost('Code'));
    await reimport(siteWith());
    const spans = (html: string) =>
      new Set([...html.matchAll(/<span class="([^"]+)">/g)].flatMap((m) => m[1]!.split(' ')));
    const before = (await app.inject('/code')).body;
    expect([...spans(before)].some((name) => /^c\d+$/.test(name))).toBe(true);
    expect(inlineStyles(before).filter((css) => css !== appCss)).toEqual([]);

    const themed = siteWith({ code_theme: { light: 'one-light', dark: 'dracula' } });
    writeFileSync(join(contentDir, 'site.yaml'), stringify(themed));
    const summary = await importContent(test.store, {
      contentDir,
      imagesDir: app.ctx.config.imagesDir,
    });
    await app.ctx.contentState.refresh();
    // Every post is rendered again (its stored hash names the themes), none taken as unchanged.
    expect(summary.unchanged).toBe(0);
    const res = await app.inject('/code');
    const used = spans(res.body);
    expect([...used].some((name) => /^c\d+$/.test(name))).toBe(false);
    expect([...used].filter((name) => /^[ld]\d+$/.test(name)).length).toBeGreaterThan(2);
    const { brand } = pageLook(res);
    for (const name of used)
      if (/^[ld]\d+$/.test(name)) expect(brand).toContain(`.shiki .${name} {`);
    expect(brand).toContain(
      '@media (prefers-color-scheme: dark) {\n.prose pre.shiki { color: #f8f8f2; background: #282a36; }',
    );
    expectStrict(res);

    // Imported again unchanged: nothing is rendered again.
    const again = await importContent(test.store, {
      contentDir,
      imagesDir: app.ctx.config.imagesDir,
    });
    expect(again.created + again.updated).toBe(0);
  });

  describe("the site folder's theme.css", () => {
    const THEME = ':root { --accent: #7a1f5c; --radius: 2px; }\n.card { border-width: 2px; }\n';
    const themeFile = () => join(contentDir, 'theme.css');
    const themeLink = (html: string) =>
      html.match(/<link rel="stylesheet" href="(\/theme-[0-9a-f]{16}\.css)">/)?.[1];

    afterAll(() => rmSync(themeFile(), { force: true }));

    it('is served hashed and immutable, linked after the app and brand stylesheets', async () => {
      writeFileSync(themeFile(), THEME);
      await reimport(siteWith({ accent: { light: '#00695c' } }));
      const res = await app.inject('/resume');
      const href = themeLink(res.body)!;
      expect(href).toBeDefined();
      const { brand, styles } = pageLook(res);
      expect(res.body.indexOf(href)).toBeGreaterThan(res.body.indexOf(styles[0]!));
      expect(res.body.indexOf(href)).toBeGreaterThan(res.body.indexOf(brand!));
      expectStrict(res);
      const file = await app.inject(href);
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe(THEME);
      expect(file.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Error pages link it too.
      expect(themeLink((await app.inject('/no-such-page')).body)).toBe(href);
    });

    it('is replaced after a re-import, the old name gone; removing the file removes the link', async () => {
      writeFileSync(themeFile(), THEME);
      await reimport(siteWith());
      const before = themeLink((await app.inject('/posts')).body)!;
      writeFileSync(themeFile(), `${THEME}h1 { font-weight: 800; }\n`);
      await reimport(siteWith());
      const after = themeLink((await app.inject('/posts')).body)!;
      expect(after).not.toBe(before);
      expect((await app.inject(after)).body).toContain('font-weight: 800');
      expect((await app.inject(before)).statusCode).toBe(404);
      rmSync(themeFile());
      await reimport(siteWith());
      expect(themeLink((await app.inject('/posts')).body)).toBeUndefined();
      expect((await app.inject(after)).statusCode).toBe(404);
    });

    it('is imported with warnings, each naming its line, when it hides focus or breaks contrast', async () => {
      writeFileSync(themeFile(), ':root {\n  --text: #999999;\n}\n*:focus { outline: none; }\n');
      writeFileSync(join(contentDir, 'site.yaml'), stringify(siteWith()));
      const summary = await importContent(test.store, {
        contentDir,
        imagesDir: app.ctx.config.imagesDir,
      });
      await app.ctx.contentState.refresh();
      expect(summary.warnings).toEqual([
        expect.stringMatching(
          new RegExp(`^${themeFile()}:2: --text #999999 reads at 2\\.\\d:1 on --`),
        ),
        expect.stringMatching(/:2: --text /),
        expect.stringMatching(/:2: --text /),
        expect.stringMatching(new RegExp(`^${themeFile()}:4: "\\*:focus" hides the focus outline`)),
      ]);
      expect(themeLink((await app.inject('/posts')).body)).toBeDefined();
    });

    it('is refused, naming its line, when it is not CSS; the store keeps the theme before', async () => {
      writeFileSync(themeFile(), THEME);
      await reimport(siteWith());
      const served = themeLink((await app.inject('/posts')).body);
      writeFileSync(themeFile(), ':root {\n  --accent: #000;\n\n.card { color: red;\n');
      const refused = await importContent(test.store, {
        contentDir,
        imagesDir: app.ctx.config.imagesDir,
      }).catch((error: unknown) => error);
      expect(String((refused as Error).message)).toMatch(
        new RegExp(`${themeFile()}:4: is not valid CSS \\(Unclosed block\\)`),
      );
      await app.ctx.contentState.refresh();
      expect(themeLink((await app.inject('/posts')).body)).toBe(served);
    });

    it('is written back by an export, and imports from it as it was', async () => {
      writeFileSync(themeFile(), THEME);
      await reimport(siteWith());
      const dir = join(mkdtempSync(join(tmpdir(), 'pf-export-')), 'site');
      await exportStore(test.store, { dir, imagesDir: app.ctx.config.imagesDir });
      expect(readFileSync(join(dir, 'theme.css'), 'utf8')).toBe(THEME);
      rmSync(themeFile());
      await reimport(siteWith());
      const { state } = app.ctx.contentState;
      expect(state.themeCss).toBeNull();
    });
  });
});
