import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postFile, type FixturePost } from '../../../test/helpers/content-fixture.js';
import * as markdown from './markdown/markdown.js';
import { ContentFileError, loadPostFile, MAX_POST_BYTES, sourceHash } from './post-file.js';
import { startHighlighter } from './markdown/highlight.js';

beforeAll(startHighlighter);

// Passed through, so that one test can make the renderer fail as a stack overflow would.
vi.mock('./markdown/markdown.js', { spy: true });

const dir = mkdtempSync(join(tmpdir(), 'postfolio-post-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const raw = postFile({
  slug: 'otters',
  title: 'Otters',
  category: 'news',
  body: 'Otters *hold hands* while they sleep.',
  date: '2024-03-01',
});
const file = join(dir, 'otters.md');
writeFileSync(file, raw);

describe('loadPostFile', () => {
  it('reads, hashes and parses a post', () => {
    const loaded = loadPostFile({ file, path: 'posts/otters.md' });
    expect(loaded.hash).toBe(sourceHash(raw));
    expect(loaded.post?.slug).toBe('otters');
    expect(loaded.post?.html).toContain('<em>hold hands</em>');
  });

  it('skips parsing when the file still has the hash the store knows', () => {
    const loaded = loadPostFile({ file, path: 'posts/otters.md', knownHash: sourceHash(raw) });
    expect(loaded).toEqual({ hash: sourceHash(raw) });
    const changed = loadPostFile({ file, path: 'posts/otters.md', knownHash: 'an-older-hash' });
    expect(changed.post?.title).toBe('Otters');
  });

  it('names the file and the problem when it cannot be read', () => {
    const missing = () => loadPostFile({ file: join(dir, 'gone.md'), path: 'posts/gone.md' });
    expect(missing).toThrow(ContentFileError);
    expect(missing).toThrow(/posts\/gone\.md.*cannot be read \(ENOENT\)/);
  });

  it('refuses a file over the size limit by name, before parsing it', () => {
    const big = join(dir, 'big.md');
    writeFileSync(big, raw + 'x'.repeat(MAX_POST_BYTES));
    const load = () => loadPostFile({ file: big, path: 'posts/big.md' });
    expect(load).toThrow(ContentFileError);
    expect(load).toThrow('posts/big.md: is 4.1 MB; a post file may be at most 4 MB');
    writeFileSync(big, raw + 'x'.repeat(MAX_POST_BYTES - raw.length - 1));
    expect(loadPostFile({ file: big, path: 'posts/big.md' }).post?.slug).toBe('otters');
  });

  it('refuses a file of gigabytes by its size, without reading it', () => {
    // Sparse: 3 GiB on paper, no disk used. Reading it whole would fail with Node's own
    // "file too large" error (over 2 GiB), which names no limit.
    const huge = join(dir, 'huge.md');
    writeFileSync(huge, raw);
    truncateSync(huge, 3 * 2 ** 30);
    expect(() => loadPostFile({ file: huge, path: 'posts/huge.md' })).toThrow(
      'posts/huge.md: is 3072 MB; a post file may be at most 4 MB',
    );
    rmSync(huge);
  });

  it('names a folder where a post file should be', () => {
    const folder = join(dir, 'folder.md');
    mkdirSync(folder);
    expect(() => loadPostFile({ file: folder, path: 'posts/folder.md' })).toThrow(
      /posts\/folder\.md.*cannot be read \(EISDIR\)/,
    );
  });
});

/** Writes a post (the otters post with `changes`) and loads it as posts/<name>.md. */
function load(name: string, content: string | Buffer) {
  const path = join(dir, `${name}.md`);
  writeFileSync(path, content);
  return () => loadPostFile({ file: path, path: `posts/${name}.md` });
}
const otters = (changes: Partial<FixturePost>) =>
  postFile({
    slug: 'otters',
    title: 'Otters',
    category: 'news',
    date: '2024-03-01',
    body: 'Hi.',
    ...changes,
  });
/** The line of the file on which the body starts: after the front matter and a blank line. */
const BODY_LINE = otters({}).split('\n').indexOf('Hi.') + 1;

describe('nesting limits', () => {
  it('refuses blockquotes nested 5,000 deep by file, line and limit, before parsing them', () => {
    const body = `Intro.\n\n${'>'.repeat(5000)} deep`;
    expect(load('quotes', otters({ body }))).toThrow(
      `posts/quotes.md: line ${BODY_LINE + 2}: blockquotes nested 5000 deep; at most 100 are allowed`,
    );
    expect(load('quotes-100', otters({ body: `${'> '.repeat(100)}deep` }))().post?.html).toContain(
      'deep',
    );
  });

  it('refuses lists nested too deep, on one line or by indentation', () => {
    expect(load('list-line', otters({ body: `${'- '.repeat(2000)}x` }))).toThrow(
      `posts/list-line.md: line ${BODY_LINE}: lists nested 2000 deep; at most 100 are allowed`,
    );
    const indented = Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(load('list-indent', otters({ body: indented }))).toThrow(
      `posts/list-indent.md: line ${BODY_LINE + 149}: lists nested 150 deep; at most 100 are allowed`,
    );
  });

  it.each([
    ['nested pairs', `${'*a_'.repeat(100_000)}x${'_a*'.repeat(100_000)}`, /nested 100000 deep/],
    ['one long run', `${'*'.repeat(300_000)}x${'*'.repeat(300_000)}`, /nested 300000 deep/],
    ['openers that never close', `${'*a '.repeat(200_000)}end*`, /never close would take too long/],
    ['one long word of them', '*_a'.repeat(200_000), /a word of 600000 characters/],
  ])('refuses 600 KB of emphasis (%s) by file and line, before parsing it', (_name, body, why) => {
    expect(body.length).toBeGreaterThanOrEqual(600_000);
    const parse = load('emphasis', otters({ body }));
    // Marked alone took minutes (past the test's timeout) or overflowed its stack (a RangeError):
    // the limit's own message shows that the scan before it refused the body.
    expect(parse).toThrow(ContentFileError);
    expect(parse).toThrow(new RegExp(`^posts/emphasis\\.md: line ${BODY_LINE}: .*${why.source}`));
  });

  it('refuses a long word of emphasis characters, which Marked reads in the square of its length', () => {
    expect(load('word', otters({ body: `Text ${'_a'.repeat(40_000)} end` }))).toThrow(
      `posts/word.md: line ${BODY_LINE}: a word of 80000 characters holding _, *, !, ~ or \``,
    );
  });

  it('refuses raw HTML nested too deep, by line; HTML in code is text', () => {
    const divs = Array.from({ length: 150 }, () => '<div>').join('\n');
    expect(load('html', otters({ body: `Text.\n\n${divs}\n` }))).toThrow(
      `posts/html.md: line ${BODY_LINE + 151}: HTML elements nested 150 deep; at most 100 are allowed`,
    );
    expect(load('html-inline', otters({ body: `a ${'<span>'.repeat(5000)}x` }))).toThrow(
      /^posts\/html-inline\.md: line \d+: HTML elements nested 5000 deep/,
    );
    const code = `\`\`\`html\n${'<div>'.repeat(500)}\n\`\`\`\n\nInline \`${'<b>'.repeat(500)}\`.`;
    expect(load('html-code', otters({ body: code }))().post?.html).toContain('&lt;div&gt;');
    // Closed elements and ones closed by their siblings (li, p) do not add up.
    const list = `<ul>\n${'<li>item\n'.repeat(500)}</ul>\n\n${'<p>para\n'.repeat(500)}`;
    expect(load('html-siblings', otters({ body: list }))().post?.html).toContain('<li>item');
  });

  it('takes real writing: nesting, emphasis, code and tables', () => {
    const body = [
      '# A *heading* with **bold** and `code`',
      '',
      Array.from(
        { length: 12 },
        (_, i) => `${'  '.repeat(i)}- level ${i + 1} with *emphasis*`,
      ).join('\n'),
      '',
      `${'> '.repeat(20)}a quote in a quote, ***both*** and ~~struck~~`,
      '',
      '```c',
      ...Array.from(
        { length: 400 },
        (_, i) => `int *p${i} = *q${i} * 2; /* a*b */ char **argv${i};`,
      ),
      '```',
      '',
      '| name | note |',
      '|---|---|',
      ...Array.from({ length: 300 }, (_, i) => `| **row ${i}** | _note_ *${i}* |`),
      '',
      `A long paragraph ${'with *some* emphasis, a snake_case_name, 2*3*4 and a_b. '.repeat(300)}`,
      '',
      'Sign here: ____________. Date: ________.',
      '',
      `<details><summary>More</summary>\n\n${'<div>'.repeat(30)}deep${'</div>'.repeat(30)}\n\n</details>`,
    ].join('\n');
    const post = load('real', otters({ body }))().post!;
    expect(post.html).toContain('<strong>row 299</strong>');
    expect(post.html).toContain('<em><strong>both</strong></em>');
  });

  it('turns a stack overflow left in the renderer into a problem of the file', () => {
    vi.mocked(markdown.renderMarkdown).mockImplementationOnce(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(load('overflow', otters({ body: 'Fine.' }))).toThrow(
      'posts/overflow.md: is nested too deeply to render (the parser ran out of stack)',
    );
  });
});

describe('bytes and text of a post', () => {
  it('refuses a NUL in the file by line, and one written as a YAML escape by field', () => {
    expect(load('nul', otters({ body: 'One.\n\nTwo\0.' }))).toThrow(
      `posts/nul.md: line ${BODY_LINE + 2}: contains a NUL character (U+0000); remove it`,
    );
    expect(load('nul-title', otters({ title: 'Ot\0ters' }))).toThrow(
      'posts/nul-title.md:2: title contains a NUL character (U+0000); remove it',
    );
    // An entity for U+0000 is text for the renderer: it becomes U+FFFD, storable anywhere.
    expect(load('nul-entity', otters({ body: 'a &#0; b' }))().post?.text).toBe('a \uFFFD b');
  });

  it('refuses bytes that are not UTF-8, naming the offset and line', () => {
    const text = otters({ body: 'Caf\u00e9 and more.' });
    const bytes = Buffer.from(text.replace('\u00e9', 'e'), 'utf8');
    const at = text.indexOf('\u00e9');
    bytes[at] = 0xe9; // Latin-1
    expect(load('latin1', bytes)).toThrow(
      `posts/latin1.md: is not valid UTF-8 (byte offset ${at}, line ${BODY_LINE}); save it as UTF-8`,
    );
    for (const bad of [
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
    ]) {
      const broken = Buffer.concat([Buffer.from(otters({}), 'utf8'), Buffer.from(bad)]);
      expect(load('broken', broken)).toThrow(
        `is not valid UTF-8 (byte offset ${otters({}).length}`,
      );
    }
  });

  it('takes a byte order mark, dropped', () => {
    const post = load('bom', `\uFEFF${otters({})}`)().post!;
    expect(post.title).toBe('Otters');
    expect(post.html).not.toContain('\uFEFF');
  });

  it.each([
    ['title', { title: '   ' }],
    ['category', { category: ' \t ' }],
    ['summary', { summary: '\u00a0' }],
  ])('refuses a blank %s, naming it', (field, changes) => {
    expect(load('blank', otters(changes))).toThrow(
      new RegExp(`^posts/blank\\.md:\\d+: ${field} is blank; write some text$`),
    );
  });
});
