import { beforeAll, describe, expect, it } from 'vitest';
import { parsePostFile } from '../post-file.js';
import { startHighlighter } from './highlight.js';

beforeAll(startHighlighter);

/** A post through the whole import pipeline: Markdown, extensions, sanitizer, counts. */
function post(body: string) {
  return parsePostFile(
    'posts/p.md',
    `---\ntitle: P\ncategory: news\nimage: cover.svg\ndate: 2025-01-01\n---\n${body}`,
  );
}
const html = (body: string) => post(body).html.trim();

describe('code blocks', () => {
  it('highlights a known language with classes and no style attribute', () => {
    const out = html('```ts\nconst answer: number = 42; // the answer\n```\n');
    expect(out).toContain('<pre class="shiki" tabindex="0"><code class="language-ts">');
    expect(out).toMatch(/<span class="c\d+">const<\/span>/);
    expect(out).toMatch(/<span class="c\d+">\/\/ the answer<\/span>/);
    expect(out).not.toMatch(/style=/);
  });

  it.each(['python', 'bash', 'sql', 'go', 'rust', 'yaml', 'json', 'dockerfile', 'c++'])(
    'highlights %s',
    (lang) => {
      expect(html(`\`\`\`${lang}\nx = "y" # z\n\`\`\`\n`)).toMatch(
        /<pre class="shiki"[\s\S]*<span class="c/,
      );
    },
  );

  it('highlights a diff', () => {
    expect(html('```diff\n-old\n+new\n```\n')).toMatch(
      /<span class="c\d+">-old<\/span>\n<span class="c\d+">\+new<\/span>/,
    );
  });

  it('keeps a long line whole, and the text of the code as written', () => {
    const line = `const long = "${'x'.repeat(3000)}";`;
    const { html: out, text } = post(`\`\`\`ts\n${line}\nfoo.bar(baz);\n\`\`\`\n`);
    expect(out).toContain('x'.repeat(3000));
    expect(text).toBe(`${line} foo.bar(baz);`);
  });

  it('renders an unknown or missing language as plain code, never an error', () => {
    expect(html('```klingon\n<b>qapla</b>\n```\n')).toBe(
      '<pre tabindex="0"><code class="language-klingon">&lt;b&gt;qapla&lt;/b&gt;\n</code></pre>',
    );
    expect(html('```\nplain\n```\n')).toBe('<pre tabindex="0"><code>plain\n</code></pre>');
  });

  it('renders the same HTML for the same code every time', () => {
    const body = '```javascript\nexport const f = (a) => a.map((x) => x * 2);\n```\n';
    expect(html(body)).toBe(html(body));
  });
});

describe('headings', () => {
  const body = '## Why it matters\n\nx\n\n### Details & more\n\ny\n\n## Why it matters\n\nz\n';

  it('get ids unique within the post, in the user-content namespace, and a named self-link', () => {
    const out = html(body);
    expect(out).toContain('<h2 id="user-content-why-it-matters">Why it matters</h2>');
    expect(out).toContain('<h3 id="user-content-details--more">Details &amp; more</h3>');
    expect(out).toContain('<h2 id="user-content-why-it-matters-1">Why it matters</h2>');
    expect(out).toContain(
      '<a class="heading-link" href="#user-content-why-it-matters-1" aria-label="Link to this section: Why it matters"></a>',
    );
  });

  it('make a table of contents from three on, and the same ids in the next post', () => {
    expect(post(body).toc).toEqual([
      { depth: 2, id: 'user-content-why-it-matters', text: 'Why it matters' },
      { depth: 3, id: 'user-content-details--more', text: 'Details & more' },
      { depth: 2, id: 'user-content-why-it-matters-1', text: 'Why it matters' },
    ]);
    expect(post('## One\n\n## Two\n').toc).toEqual([]);
  });

  it('leave the footnotes heading out of the contents', () => {
    const { toc } = post('## A\n\n## B\n\nNote[^n]\n\n[^n]: Here.\n');
    expect(toc).toEqual([]);
  });
});

describe('footnotes, alerts, task lists, tables, links', () => {
  it('link footnotes both ways, in the namespace, with an accessible section', () => {
    const out = html('Claim[^src].\n\n[^src]: The source.\n');
    expect(out).toContain(
      '<a id="user-content-footnote-ref-src" href="#user-content-footnote-src" aria-describedby="user-content-footnote-label">1</a>',
    );
    expect(out).toContain('<section class="footnotes">');
    expect(out).toContain(
      '<h2 id="user-content-footnote-label" class="visually-hidden">Footnotes</h2>',
    );
    expect(out).toContain(
      '<a href="#user-content-footnote-ref-src" aria-label="Back to reference src">↩</a>',
    );
  });

  it.each(['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'])('render the %s alert', (kind) => {
    const out = html(`> [!${kind}]\n> Mind this.\n`);
    const title = kind[0] + kind.slice(1).toLowerCase();
    expect(out).toBe(
      `<div class="markdown-alert markdown-alert-${kind.toLowerCase()}">\n<p class="markdown-alert-title">${title}</p>\n<p>Mind this.</p>\n</div>`,
    );
  });

  it('render task lists with disabled checkboxes', () => {
    const out = html('- [x] done\n- [ ] to do\n');
    expect(out).toContain(
      '<li><input checked disabled type="checkbox" aria-label="done" /> done</li>',
    );
    expect(out).toContain(
      '<li><input disabled type="checkbox" aria-label="not done" /> to do</li>',
    );
  });

  it('honour column alignment by class', () => {
    const out = html('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n');
    expect(out).toContain('<th class="align-left">a</th>');
    expect(out).toContain('<td class="align-center">2</td>');
    expect(out).toContain('<td class="align-right">3</td>');
  });

  it('give external links noopener noreferrer', () => {
    expect(html('[site](https://example.com/a)')).toBe(
      '<p><a href="https://example.com/a" rel="noopener noreferrer nofollow">site</a></p>',
    );
  });
});

describe('math', () => {
  it('renders inline and display TeX to MathML, with no style attribute', () => {
    const out = html('Energy $E = mc^2$ here.\n\n$$\n\\frac{a}{b}\n$$\n');
    expect(out).toContain(
      '<math><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow></math>',
    );
    expect(out).toContain(
      '<div class="math-display"><math display="block"><mfrac><mi>a</mi><mi>b</mi></mfrac></math></div>',
    );
    expect(out).not.toMatch(/style=|class="tml/);
  });

  it('leaves amounts of money and escaped dollars as text', () => {
    expect(html('It costs $5 and $10, or \\$3.')).toBe('<p>It costs $5 and $10, or $3.</p>');
  });

  it('keeps TeX it cannot read as code, and refuses untrusted commands', () => {
    expect(html('Bad $\\frac{$ here')).toContain('<code class="math-error">$\\frac{$</code>');
    const out = html('$\\href{javascript:alert(1)}{x}$');
    expect(out).not.toMatch(/javascript/i.test(out) ? /href=/ : /$^/);
    expect(out).not.toContain('<a');
  });
});
