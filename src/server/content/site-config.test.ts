import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { siteFixture } from '../../../test/helpers/content-fixture.js';
import { ContentFileError } from './content-errors.js';
import { loadSiteConfig } from './site-config.js';

const dir = mkdtempSync(join(tmpdir(), 'postfolio-site-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Nested plain objects that a test spoils one field of.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Site = Record<string, any>;
const good = () => siteFixture({ news: 'News' }) as unknown as Site;

let written = 0;
function siteFile(content: string | Buffer): string {
  const file = join(dir, `site-${++written}.yaml`);
  writeFileSync(file, content);
  return file;
}
const load = (content: string | Buffer) => loadSiteConfig(siteFile(content));

/** The one problem loading refuses the file with, the file's path (and line) replaced by `site.yaml`. */
async function refusal(content: string | Buffer): Promise<string> {
  const error = await load(content).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentFileError);
  return (error as ContentFileError).message.replace(/^.*site-\d+\.yaml(:\d+)?:/, 'site.yaml:');
}

describe('site.yaml URLs', () => {
  const withUrl = (field: 'student' | 'product' | 'site', url: string) => {
    const site = good();
    if (field === 'student') site.landing.student.url = url;
    else if (field === 'product') site.portfolio.products[0].url = url;
    else site.site.url = url;
    return stringify(site);
  };

  it.each([
    'https://learn.example/course',
    'http://learn.example',
    '/resume',
    'mailto:a@b.example',
  ])('takes the link %s', async (url) => {
    expect((await load(withUrl('student', url))).landing.student.url).toBe(url);
    expect((await load(withUrl('product', url))).portfolio.products![0]!.url).toBe(url);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    'https:///evil.example',
    'https://user:pw@evil.example',
    'https://example.com/a b',
    'javascript:alert(1)',
    'learn.example',
  ])('refuses the link %j, naming the file and the field', async (url) => {
    const shown = JSON.stringify(url);
    expect(await refusal(withUrl('student', url))).toBe(
      `site.yaml: landing.student.url ${shown} is not a URL; ` +
        'write https://…, mailto:… or a path starting with /',
    );
    expect(await refusal(withUrl('product', url))).toMatch(
      `site.yaml: portfolio.products.0.url ${shown} is not a URL`,
    );
  });

  it('takes only an absolute http(s) URL as the site address', async () => {
    expect((await load(withUrl('site', 'https://me.example'))).site.url).toBe('https://me.example');
    for (const url of ['/', '//me.example', 'mailto:a@b.example', 'me.example'])
      expect(await refusal(withUrl('site', url))).toBe(
        `site.yaml: site.url ${JSON.stringify(url)} is not an absolute http(s) URL; write https://…`,
      );
  });
});

describe('site.yaml links', () => {
  const withLinks = (links: Site[]) => stringify({ ...good(), links });

  it('takes a product without an image', async () => {
    const site = good();
    delete site.portfolio.products[0].image;
    expect((await load(stringify(site))).portfolio.products![0]).not.toHaveProperty('image');
  });

  it('takes a link of each kind written as its kind wants', async () => {
    const links = [
      { kind: 'github', url: 'https://github.com/me' },
      { kind: 'mastodon', url: 'https://social.example/@me' },
      { kind: 'email', url: 'mailto:me@example.com' },
      { kind: 'rss', url: '/rss.xml' },
      { kind: 'website', url: 'https://me.example', label: 'My site' },
    ];
    expect((await load(withLinks(links))).links).toEqual(links);
  });

  it.each([
    [
      { kind: 'email', url: 'https://me.example/contact' },
      /is an email link; write its url as mailto:/,
    ],
    [{ kind: 'mastodon', url: 'https://social.example/about' }, /https:\/\/host\/@user/],
    [{ kind: 'linkedin', url: '/about' }, /is a LinkedIn link; write its url as .* https:\/\//],
    [{ kind: 'website', url: 'https://me.example' }, /without a label; add label/],
  ])('refuses %j, naming the file, the line and the link', async (link, words) => {
    const text = withLinks([{ kind: 'github', url: 'https://github.com/me' }, link]);
    const error = await load(text).then(
      () => null,
      (e: unknown) => e as ContentFileError,
    );
    expect(error).toBeInstanceOf(ContentFileError);
    expect(error!.message).toMatch(/: links\.1 is /);
    expect(error!.message).toMatch(words);
    const line = text.split('\n').findIndex((row) => row.includes(link.url)) + 1;
    expect(error!.message).toMatch(new RegExp(`site-\\d+\\.yaml:(${line - 1}|${line}):`));
  });
});

describe('site.yaml texts', () => {
  it.each([
    ['site.title', (s: Site) => (s.site.title = '   ')],
    ['landing.student.link_label', (s: Site) => (s.landing.student.link_label = '\t')],
    ['categories.0.name', (s: Site) => (s.categories[0].name = '')],
    ['portfolio.hero.roles.0', (s: Site) => (s.portfolio.hero.roles = [' '])],
    ['portfolio.about.paragraphs.0', (s: Site) => (s.portfolio.about.paragraphs = ['\n'])],
  ])('refuses a blank %s, naming it', async (field, spoil) => {
    const site = good();
    spoil(site);
    expect(await refusal(stringify(site))).toBe(`site.yaml: ${field} is blank; write some text`);
  });
});

describe('site.yaml bytes', () => {
  const text = stringify(good());

  it('refuses a NUL, written or escaped, naming the line or the field', async () => {
    const lines = text.split('\n');
    lines[3] += '\0';
    expect(await refusal(lines.join('\n'))).toBe(
      'site.yaml: line 4: contains a NUL character (U+0000); remove it',
    );
    const site = good();
    site.site.author = 'Ann\0';
    expect(stringify(site)).toContain('\\0'); // YAML writes it as an escape
    expect(await refusal(stringify(site))).toBe(
      'site.yaml: site.author contains a NUL character (U+0000); remove it',
    );
  });

  it('refuses bytes that are not UTF-8, naming where', async () => {
    const bytes = Buffer.from(text, 'utf8');
    const at = text.indexOf('Fixture Site');
    bytes[at] = 0xe9; // Latin-1 é
    expect(await refusal(bytes)).toBe(
      `site.yaml: is not valid UTF-8 (byte offset ${at}, line 2); save it as UTF-8`,
    );
  });

  it('takes a UTF-8 byte order mark', async () => {
    expect((await load(`\uFEFF${text}`)).site.title).toBe('Fixture Site');
  });

  it('refuses YAML nested past the stack as a problem of the file', async () => {
    expect(await refusal(`${text}extra: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`)).toMatch(
      /^site\.yaml: /,
    );
  });

  it('refuses a symbolic link', async () => {
    const link = join(dir, 'linked.yaml');
    symlinkSync(siteFile(text), link);
    await expect(loadSiteConfig(link)).rejects.toThrow(
      `${link}: is a symbolic link; copy the file into the content folder instead`,
    );
  });
});
