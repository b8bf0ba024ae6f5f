import { beforeAll, describe, expect, it } from 'vitest';
import { parsePostFile } from '../post-file.js';
import { htmlToText, sanitizePostHtml } from './sanitize.js';
import { startHighlighter } from './highlight.js';

beforeAll(startHighlighter);

/**
 * Signs of anything that could run or load: none may survive sanitizing. MathML is kept for math
 * (markdown/allowed-markup.ts), without the elements of namespace-confusion attacks.
 */
function expectInert(html: string) {
  expect(html).not.toMatch(
    /<\s*(script|style|svg|object|embed|form|meta|base|link|textarea|button)\b/i,
  );
  // A task list's checkbox, always disabled, is the one input a post may show.
  expect(html).not.toMatch(/<\s*input\b(?![^>]*type="checkbox"[^>]*\sdisabled)/i);
  expect(html).not.toMatch(/<\s*(maction|annotation-xml|mglyph|malignmark|semantics)\b/i);
  expect(html).not.toMatch(/xlink:/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/(java|vb)script:/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/href="data:/i);
  expect(html).not.toMatch(/srcdoc/i);
}

describe('sanitizePostHtml against hostile HTML', () => {
  it.each<[string, string, string]>([
    ['script', '<p>before<script>alert(1)</script>after</p>', '<p>beforeafter</p>'],
    [
      'img onerror',
      '<img src=x onerror=alert(1)>',
      '<img src="x" loading="lazy" decoding="async" />',
    ],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['entity-encoded scheme', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['hex entity scheme', '<a href="&#x6A;&#x61;vascript:alert(1)">x</a>', '<a>x</a>'],
    ['tab inside scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data:text/html link', '<a href="data:text/html,<script>alert(1)</script>">d</a>', '<a>d</a>'],
    ['protocol-relative link', '<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['svg onload', '<svg onload=alert(1)><circle r="4"/></svg>', ''],
    [
      'style element and attribute',
      '<style>body{display:none}</style><p style="color:red">t</p>',
      '<p>t</p>',
    ],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    [
      'form and input',
      '<form action="https://evil.example"><input name="a"><button>go</button></form>',
      'go',
    ],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['base href', '<base href="https://evil.example/">', ''],
    [
      'math with xlink',
      '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
      '<math><mi>m</mi></math>',
    ],
    [
      'math with an action and HTML inside',
      '<math><maction actiontype="statusline"><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></maction></math>',
      '<math><img src="x" loading="lazy" decoding="async" /></math>',
    ],
    ['input other than a checkbox', '<input type="text" value="x" autofocus onfocus="x()">', ''],
    [
      'checkbox with a handler',
      '<input type="checkbox" onclick="x()" autofocus aria-label="Click me">',
      '<input type="checkbox" aria-label="not done" disabled />',
    ],
    [
      'ticked checkbox',
      '<input type="checkbox" checked>',
      '<input type="checkbox" checked disabled aria-label="done" />',
    ],
    [
      'handler on an allowed tag',
      '<div id="x" onclick="steal()">d</div>',
      '<div id="user-content-x">d</div>',
    ],
    [
      'srcset with javascript:',
      '<img src="/images/a.svg" srcset="javascript:alert(1) 1x">',
      '<img src="/images/a.svg" loading="lazy" decoding="async" />',
    ],
  ])('%s', (_name, hostile, expected) => {
    const out = sanitizePostHtml(hostile);
    expect(out).toBe(expected);
    expectInert(out);
  });

  it.each([
    '<scr<script>ipt>alert(1)</script>',
    '<<script>script>alert(1)<</script>/script>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<textarea><img src=x onerror=alert(1)></textarea>',
    '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
    '<a href="java\nscript:alert(1)">x</a><img src="javascript:alert(1)">',
    '<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  ])('nested or broken markup stays inert: %s', (hostile) => {
    const out = sanitizePostHtml(hostile);
    expectInert(out);
    expect(out).not.toMatch(/<img[^>]*src="javascript/i);
    expect(out).not.toMatch(/<(script|iframe)/i);
  });

  it('nested script fragments leave only escaped text', () => {
    expect(sanitizePostHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });

  it.each([
    'https://evil.example/embed',
    'https://www.youtube-nocookie.com.evil.example/embed/x',
    'https://www.youtube-nocookie.com@evil.example/embed/x',
    '//www.youtube-nocookie.com/embed/x',
    '/embed/x',
  ])('drops an iframe from %s', (src) => {
    expect(sanitizePostHtml(`<p>a</p><iframe src="${src}">fallback</iframe><p>b</p>`)).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('keeps an iframe from an allowed player, without handlers or srcdoc', () => {
    const out = sanitizePostHtml(
      '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video" onload="alert(1)" srcdoc="<b>"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/1"></iframe>',
    );
    expect(out).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/1"></iframe>',
    );
  });

  it('keeps harmless content: text, headings, code language, tables, closed tags', () => {
    expect(
      sanitizePostHtml(
        '<h2 id="why">Why</h2><p>Plain <em>text</em> &amp; <strong>more</strong></p>',
      ),
    ).toBe(
      '<h2 id="user-content-why">Why</h2><p>Plain <em>text</em> &amp; <strong>more</strong></p>',
    );
    expect(sanitizePostHtml('<pre><code class="language-ts evil">const x = 1;</code></pre>')).toBe(
      '<pre tabindex="0"><code class="language-ts">const x = 1;</code></pre>',
    );
    // A table, which may scroll sideways, is a tab stop like a code block.
    const rows = '<thead><tr><th>h</th></tr></thead><tbody><tr><td>c</td></tr></tbody>';
    expect(sanitizePostHtml(`<table tabindex="-1">${rows}</table>`)).toBe(
      `<table tabindex="0">${rows}</table>`,
    );
    expect(sanitizePostHtml('<p>unclosed <b>bold')).toBe('<p>unclosed <b>bold</b></p>');
    expect(sanitizePostHtml('<img src="data:image/png;base64,AAAA" alt="dot">')).toContain(
      'src="data:image/png;base64,AAAA"',
    );
  });

  it("keeps an author's <picture> with its srcset and sizes, not a script URL in a srcset", () => {
    const picture =
      '<picture><source srcset="/a.avif 320w, /b.avif 640w" sizes="50vw" type="image/avif">' +
      '<img src="/a.jpg" srcset="/a.jpg 320w" sizes="(max-width: 40rem) 100vw, 50vw" alt="a" /></picture>';
    const kept = sanitizePostHtml(picture);
    expect(kept).toContain(
      '<source srcset="/a.avif 320w, /b.avif 640w" sizes="50vw" type="image/avif">',
    );
    expect(kept).toContain(
      '<img src="/a.jpg" srcset="/a.jpg 320w" sizes="(max-width: 40rem) 100vw, 50vw" alt="a"',
    );
    const hostile = sanitizePostHtml('<img src="/a.jpg" srcset="javascript:alert(1) 1x" alt="a">');
    expect(hostile).not.toContain('javascript:');
  });

  it('puts every id and name of a post in its own namespace, so none can clobber the page', () => {
    const out = sanitizePostHtml(
      '<p id="router-data">{"loaderData":{}}</p><a id="root" name="getElementById" href="#notes">n</a>' +
        '<h2 id="notes">Notes</h2><img id="user-content-kept" src="/images/a.png">',
    );
    expect(out).toBe(
      '<p id="user-content-router-data">{"loaderData":{}}</p>' +
        '<a id="user-content-root" href="#user-content-notes">n</a>' +
        '<h2 id="user-content-notes">Notes</h2>' +
        '<img id="user-content-kept" src="/images/a.png" loading="lazy" decoding="async" />',
    );
    expect(out).not.toMatch(/\s(id|name)="(?!user-content-)/);
  });

  it('marks external links noopener, leaves internal and mailto links alone', () => {
    expect(
      sanitizePostHtml('<a href="https://ext.example" target="_blank" rel="opener">e</a>'),
    ).toBe(
      '<a href="https://ext.example" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
    expect(sanitizePostHtml('<a href="HTTP://EXT.example">e</a>')).toContain(
      'rel="noopener noreferrer nofollow"',
    );
    expect(sanitizePostHtml('<a href="/posts/other">i</a>')).toBe('<a href="/posts/other">i</a>');
    expect(sanitizePostHtml('<a href="mailto:a@b.example">m</a>')).toBe(
      '<a href="mailto:a@b.example">m</a>',
    );
  });

  it('htmlToText gives the words only, entities decoded once', () => {
    expect(htmlToText('<h1>Title</h1>\n<p>a &amp;lt;b&amp;gt; <code>x &lt; y</code></p>')).toBe(
      'Title a &lt;b&gt; x < y',
    );
  });

  it('htmlToText makes each run of tags and whitespace one space, whatever the whitespace', () => {
    expect(htmlToText('<p>one<em>two</em>three</p>')).toBe('one two three');
    expect(htmlToText('\n <ul>\n  <li>a</li>\t<li>b\u00a0c</li></ul>\r\n')).toBe('a b c');
    expect(htmlToText('<p>x</p><p></p>\n\n<p> y </p>')).toBe('x y');
    expect(htmlToText('a\u2003b  c\fd')).toBe('a b c d');
  });
});

describe('the Markdown path (parsePostFile) with raw HTML attacks', () => {
  const post = (body: string) =>
    parsePostFile(
      'posts/attack.md',
      `---\ntitle: Attack\ncategory: news\nimage: cover.svg\ndate: 2024-01-01\n---\n\n${body}\n`,
    );

  it('renders Markdown and strips every attack in the body', () => {
    const { html, text } = post(
      [
        '# Heading',
        '<script>alert(1)</script>',
        '[bad](javascript:alert(1)) [worse](JAVASCRIPT:alert(1)) [ext](https://e.example) [int](/posts/x)',
        '<img src=x onerror=alert(1)>',
        '<div onmouseover="alert(1)" style="position:fixed">hover</div>',
        '<iframe src="https://evil.example/"></iframe>',
        '<svg><script>alert(1)</script></svg>',
        '<a href="&#106;avascript:alert(1)">enc</a>',
        '![pic](javascript:alert(1))',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '```ts\nconst s = "<script>alert(1)</script>";\n```',
      ].join('\n\n'),
    );
    expectInert(html);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('<h1 id="user-content-heading">Heading</h1>');
    expect(html).toContain('<a>bad</a>');
    expect(html).toContain('<a>worse</a>');
    expect(html).toContain(
      '<a href="https://e.example" rel="noopener noreferrer nofollow">ext</a>',
    );
    expect(html).toContain('<a href="/posts/x">int</a>');
    expect(html).toContain('<div>hover</div>');
    expect(html).toMatch(/<table tabindex="0">[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>/);
    expect(html).toMatch(
      /<code class="language-ts">.*const.*"&lt;script&gt;alert\(1\)&lt;\/script&gt;"/,
    );
    // The script element's text is gone from the index text; the code sample's stays, decoded.
    expect(text).toMatch(/^Heading bad worse ext int hover /);
    expect(text).toContain('const s = "<script>alert(1)</script>";');
  });

  it('keeps an allowed player embedded in Markdown', () => {
    const { html } = post(
      'Watch:\n\n<iframe src="https://www.youtube-nocookie.com/embed/abc" onload="x()"></iframe>',
    );
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>');
    expect(html).not.toContain('onload');
  });
});
