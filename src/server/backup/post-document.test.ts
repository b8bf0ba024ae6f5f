import { stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePostFile, type ParsedPost } from '../content/post-file.js';
import { htmlAsMarkdown, PASS_THROUGH, postDocument } from './post-document.js';
import { NO_IMAGE } from '../../shared/post-image.js';
import { startHighlighter } from '../content/markdown/highlight.js';

beforeAll(startHighlighter);

/** Pieces of Markdown that make awkward HTML: code with blank lines, raw HTML, lists, tables. */
const PIECES = [
  'Hello *world* & <b>bold</b> <3',
  '## A heading {#custom}',
  '- a\n- b\n\n  a paragraph in the item',
  '```js\nconst a = 1;\n\n\n  const b = 2;\n```',
  '    indented code\n\n    more of it',
  '| a | b |\n|---|:-:|\n| 1 | 2 |',
  '> quote\n>\n> - item',
  '<details>\n<summary>More</summary>\n\ninner *Markdown*\n\n</details>',
  '<custom-element>\ntext inside\n</custom-element>',
  '<script>alert(1)</script>\nafter the script',
  '![alt text](cover.svg "A title")',
  '[a link](https://example.com) and [in the page](#a-heading)',
  '1. one\n\n   ```\n   a\n\n   b\n   ```',
  'a hard  \nbreak and a\ttab',
  '<div>\n\n*Markdown in a div*\n\n</div>',
  '***',
  'non\u00a0breaking &nbsp; &copy; &#10; &#13; &amp;',
  '<!-- a comment -->',
  '<pre>\nraw\n\n\npre\n</pre>',
  'trailing spaces   ',
  '<span>inline</span> first',
  '- [ ] task\n- [x] done',
  '~~struck~~ and `code with <tags>`',
  '<img src="/images/cover.svg" alt="inline">',
  'Ünïcödé — “quotes” and emoji 🎉',
];
const SEPARATORS = ['\n\n', '\n', '\n\n\n', '\n   \n', '\r\n\r\n'];

function front(fields: Record<string, unknown>) {
  return `---\n${stringify(fields)}---\n\n`;
}

/** A seeded sequence of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

/** A parsed post as the store holds it. */
const stored = (post: ParsedPost) => ({
  title: post.title,
  slug: post.slug,
  category: post.categorySlug,
  summary: post.summary,
  image: post.image,
  published_at: post.publishedAt,
  draft: post.draft ? 1 : 0,
  content_html: post.html,
});

/** The post file `postDocument` writes for a parsed post, parsed again. */
function roundTrip(post: ParsedPost): ParsedPost {
  return parsePostFile('posts/again.md', postDocument(stored(post)));
}

describe('a stored post written back as a post file', () => {
  it('renders to the same HTML, text and fields, for 2,000 generated bodies', () => {
    const next = random(7);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const body = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, k) =>
        k ? `${pick(SEPARATORS)}${pick(PIECES)}` : pick(PIECES),
      ).join('');
      let post: ParsedPost;
      try {
        post = parsePostFile(
          'posts/generated.md',
          `${front({ title: 'T', category: 'news', image: 'cover.svg', date: '2026-01-02' })}${body}\n`,
        );
      } catch {
        continue; // a body the import refuses (nothing but white space) is never stored
      }
      const again = roundTrip(post);
      expect(again.html, body).toBe(post.html);
      expect(again).toEqual({ ...post, images: again.images });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(1900);
  });

  it('keeps titles and summaries that YAML would read as something else', () => {
    const titles = [
      'yes',
      '123',
      '2026-01-01',
      'a: b',
      '#hash',
      "it's",
      '- dash',
      '"quoted"',
      'null',
      'x'.repeat(300),
    ];
    for (const title of titles) {
      const post = parsePostFile(
        'posts/odd.md',
        `${front({ title, slug: 'odd', category: 'news', summary: title, image: 'cover.svg', date: '2026-01-02T03:04:05.678Z', draft: true })}Body\n`,
      );
      expect(roundTrip(post)).toEqual(post);
    }
  });

  it('writes a post without a cover without an image field, and it reads back the same', () => {
    const post = parsePostFile(
      'posts/bare.md',
      `${front({ title: 'Bare', category: 'news', date: '2026-01-02' })}Body\n`,
    );
    expect(post.image).toBe(NO_IMAGE);
    expect(post.images).toEqual([]);
    const file = postDocument({ ...stored(post) });
    expect(file).not.toMatch(/^image:/m);
    expect(roundTrip(post)).toEqual(post);
  });

  it('passes a body that does not start with a block element through a dropped end tag', () => {
    expect(htmlAsMarkdown('<p>a</p>\n\n<pre><code>x\n\ny</code></pre>\n')).toBe(
      '<p>a</p>&#10;\n<pre><code>x&#10;\ny</code></pre>&#10;',
    );
    expect(htmlAsMarkdown('\ntext\n')).toBe(`${PASS_THROUGH}\ntext&#10;`);
  });
});
