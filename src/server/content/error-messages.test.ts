import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { siteFixture } from '../../../test/helpers/content-fixture.js';
import { ContentFileError } from './content-errors.js';
import { parsePostFile } from './post-file.js';
import { loadSiteConfig } from './site-config.js';

/** A post's front matter, one field a line from line 2, so that each field's line is known. */
const post = (lines: string[], body = 'Body text.') => `---\n${lines.join('\n')}\n---\n\n${body}\n`;
const GOOD = ['title: Otters', 'category: news', 'image: cover.svg', 'date: 2026-05-05'];
const withLine = (line: number, text: string) => GOOD.map((l, i) => (i === line - 2 ? text : l));

/** Each bad post and the exact message that names it: file, line, and the fix in words. */
const BAD_POSTS: Array<[string, string, string]> = [
  [
    'a date in words',
    post(withLine(5, 'date: May 5')),
    'posts/a.md:5: date "May 5" is not a date; write 2026-05-05 or 2026-05-05T10:00:00Z',
  ],
  [
    'an impossible day',
    post(withLine(5, 'date: 2026-02-31')),
    'posts/a.md:5: date "2026-02-31" is not a real date or time; check the day, month and hour',
  ],
  [
    'an image that is no image file',
    post(withLine(4, 'image: cover')),
    'posts/a.md:4: image "cover" is not an image file name; write the name of a file in images/ ending in .svg, .webp, .png, .jpg, .gif or .avif, e.g. cover.webp',
  ],
  [
    'draft as a word',
    post([...GOOD, 'draft: maybe']),
    'posts/a.md:6: draft "maybe" is not true or false',
  ],
  [
    'a title YAML reads as a number',
    post(withLine(2, 'title: 2024')),
    'posts/a.md:2: title 2024 is not text; write it in quotes if it looks like a number, a date or true/false',
  ],
  [
    'a blank title',
    post(withLine(2, 'title: "  "')),
    'posts/a.md:2: title is blank; write some text',
  ],
  ['a missing title', post(GOOD.slice(1)), 'posts/a.md: title is missing; add it'],
  [
    'an unknown field',
    post([...GOOD, 'colour: red']),
    /^posts\/a\.md:6: colour is not a known field; the fields here are title, slug, category, /,
  ] as unknown as [string, string, string],
  [
    'a slug with capitals',
    post([...GOOD, 'slug: Bad_Slug']),
    /^posts\/a\.md:6: slug "Bad_Slug" must be lowercase/,
  ] as unknown as [string, string, string],
  [
    'a title too long',
    post(withLine(2, `title: ${'x'.repeat(301)}`)),
    'posts/a.md:2: title is 301 characters long; at most 300 are allowed',
  ],
  [
    'a nested mapping on one line',
    post(withLine(3, 'category: news: more')),
    'posts/a.md:3: front matter is not valid YAML at column 11 (nested mappings are not allowed in compact mappings); the line reads "category: news: more"',
  ],
  [
    'a key written twice',
    post([...GOOD, 'title: Again']),
    'posts/a.md:6: front matter is not valid YAML at column 1 (map keys must be unique); the line reads "title: Again"',
  ],
  [
    'a quote never closed',
    post(withLine(2, 'title: "Otters')),
    /^posts\/a\.md:\d+: front matter is not valid YAML at column \d+ \(missing closing "quote\); the line reads "/,
  ] as unknown as [string, string, string],
];

function postError(text: string): string {
  try {
    parsePostFile('posts/a.md', text);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentFileError);
    return (error as Error).message;
  }
  throw new Error('the post was taken');
}

/** What no message may hold: a regular expression's marks, or a colon with nothing after it. */
function expectReadable(message: string) {
  for (const line of message.split('\n')) {
    expect(line.trimEnd()).not.toMatch(/:$/);
    expect(line).not.toMatch(/\\d|\\\.|\[A-Z|\(\?|\^\[|\$"|\{\d,?\d*\}/);
    expect(line).not.toContain('must match');
  }
}

describe('messages a writer can act on', () => {
  it.each(BAD_POSTS)('post with %s', (_name, text, expected) => {
    const message = postError(text);
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
    expectReadable(message);
  });

  it('lists every bad field of a post on a line of its own, each with its line', () => {
    const message = postError(post(['title: 7', 'category: news', 'image: x', 'date: soon']));
    expect(message.split('\n').map((line) => line.trim())).toEqual([
      expect.stringMatching(/^posts\/a\.md:2: title 7 is not text/),
      expect.stringMatching(/^posts\/a\.md:4: image "x" is not an image file name/),
      expect.stringMatching(/^posts\/a\.md:5: date "soon" is not a date/),
    ]);
    expectReadable(message);
  });

  it('takes a post that is fine', () => {
    expect(parsePostFile('posts/a.md', post(GOOD)).publishedAt).toBe('2026-05-05T00:00:00.000Z');
  });

  describe('the front matter fences', () => {
    it('takes a file that starts with a byte order mark', () => {
      expect(parsePostFile('posts/a.md', `\uFEFF${post(GOOD)}`).title).toBe('Otters');
    });

    it('takes CRLF line ends, and names the line of a bad field as with LF', () => {
      const crlf = (text: string) => text.replaceAll('\n', '\r\n');
      const parsed = parsePostFile('posts/a.md', crlf(post(GOOD)));
      expect(parsed.publishedAt).toBe('2026-05-05T00:00:00.000Z');
      expect(parsed.html).toBe('<p>Body text.</p>\n');
      expect(postError(crlf(post([...GOOD, 'draft: maybe'])))).toBe(
        'posts/a.md:6: draft "maybe" is not true or false',
      );
      expect(postError(crlf(post(withLine(3, 'category: news: more'))))).toBe(
        'posts/a.md:3: front matter is not valid YAML at column 11 (nested mappings are not allowed in compact mappings); the line reads "category: news: more"',
      );
    });

    it('keeps a --- of the body in the body, as a rule', () => {
      const parsed = parsePostFile('posts/a.md', post(GOOD, 'Above.\n\n---\n\nBelow.'));
      expect(parsed.html).toBe('<p>Above.</p>\n<hr />\n<p>Below.</p>\n');
    });

    it('names a front matter that no --- line closes, on its first line', () => {
      const unclosed = `---\n${GOOD.join('\n')}\n\nBody text.\n`;
      const message = postError(unclosed);
      expect(message).toBe(
        'posts/a.md:1: front matter is not closed; end it with a line of --- before the text',
      );
      expectReadable(message);
    });

    it('reads an empty front matter as one without fields', () => {
      expect(postError('---\n---\n\nBody text.\n')).toBe(
        'posts/a.md: title is missing; add it; category is missing; add it; date is missing; add it',
      );
    });

    it('refuses a file whose first line is no fence, and a front matter in another language', () => {
      expect(postError(`\n${post(GOOD)}`)).toBe('posts/a.md: has no front matter (--- … ---)');
      expect(postError('---toml\ntitle = "x"\n---\n\nBody\n')).toBe(
        'posts/a.md: front matter is not valid YAML (front matter must be YAML)',
      );
    });
  });
});

describe('site.yaml messages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'postfolio-site-errors-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;

  async function siteError(text: string): Promise<string> {
    const file = join(dir, `site-${++n}.yaml`);
    writeFileSync(file, text);
    const error = await loadSiteConfig(file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentFileError);
    return (error as Error).message.replace(file, 'site.yaml');
  }
  /** The fixture's YAML with one line replaced, and that line's number. */
  function spoilLine(find: string, replace: string): [string, number] {
    const lines = stringify(siteFixture({ news: 'News' })).split('\n');
    const index = lines.findIndex((line) => line.includes(find));
    lines[index] = lines[index]!.replace(find, replace);
    return [lines.join('\n'), index + 1];
  }

  it.each([
    [
      'language: en',
      'language: English',
      'site.language "English" is not a language code; write en, or en-GB for a region',
    ],
    [
      'level: 90',
      'level: 150',
      'portfolio.skills.0.level 150 is out of range; write a number from 0 to 100',
    ],
    [
      'email: hello@fixture.example',
      'email: hello',
      'portfolio.contact.email "hello" is not an e-mail address; write name@example.com',
    ],
    [
      'url: https://learn.example',
      'url: learn.example',
      'landing.student.url "learn.example" is not a URL; write https://…, mailto:… or a path starting with /',
    ],
    [
      'slug: news',
      'slug: News!',
      'categories.0.slug "News!" is not a slug; write lowercase letters, digits and single hyphens, e.g. web-performance',
    ],
    [
      'image: product.svg',
      'image: product.bmp',
      'portfolio.products.0.image "product.bmp" is not an image file name; write the name of a file in images/ ending in .svg, .webp, .png, .jpg, .gif or .avif, e.g. cover.webp',
    ],
    [
      'title: Fixture Site',
      'title: Fixture Site\n  theme: dark',
      /^site\.yaml:\d+: site\.theme is not a known field; the fields here are title, description, url, language, author/,
    ],
    ['level: 90', 'level: high', 'portfolio.skills.0.level "high" is not a whole number'],
  ] as Array<[string, string, string | RegExp]>)('%s → %s', async (find, replace, expected) => {
    const [text, line] = spoilLine(find, replace);
    const message = await siteError(text);
    if (typeof expected === 'string') expect(message).toBe(`site.yaml:${line}: ${expected}`);
    else expect(message).toMatch(expected);
    expectReadable(message);
  });

  it('refuses a student link label without its url, naming the label', async () => {
    const [text] = spoilLine('url: https://learn.example', 'note_to_self: gone');
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.includes('note_to_self'));
    lines.splice(at, 1);
    const label = lines.findIndex((line) => line.includes('link_label')) + 1;
    const message = await siteError(lines.join('\n'));
    expect(message).toBe(
      `site.yaml:${label}: landing.student.link_label is set without landing.student.url; add the url or remove the label`,
    );
    expectReadable(message);
  });

  it('names the line and column of a YAML mistake and quotes the line', async () => {
    const [text, line] = spoilLine('author: Test Author', 'author: [Test Author');
    const message = await siteError(text);
    expect(message).toMatch(
      new RegExp(
        `^site\\.yaml:${line + 1}: the file is not valid YAML at column \\d+ \\(flow sequence`,
      ),
    );
    expect(message).toMatch(/; the line reads "[^"]+"$/);
    expectReadable(message);
  });
});
