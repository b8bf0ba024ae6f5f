import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../content/markdown/sanitize.js';
import { absoluteSrcset, withAbsoluteUrls } from './absolute-urls.js';

const PAGE = 'https://site.example/a-post';

describe('withAbsoluteUrls', () => {
  it('resolves the relative URLs of links and images against the post', () => {
    const html = sanitizePostHtml(
      [
        '<p><img src="/images/cover%20a.jpg" srcset="/images/a-320.webp 320w, /images/a-640.webp 640w" sizes="100vw" alt="A"></p>',
        '<p><a href="/other-post">other</a> <a href="#user-content-notes">notes</a>',
        '<a href="tag/css?page=2">css</a> <a href="/a-post?x=1&amp;y=2#top">same</a></p>',
        '<picture><source srcset="/images/b.avif 1x, /images/b2.avif 2x" type="image/avif"><img src="/images/b.png" alt=""></picture>',
      ].join(''),
    );
    const out = withAbsoluteUrls(html, PAGE);
    for (const attribute of [
      'src="https://site.example/images/cover%20a.jpg"',
      'srcset="https://site.example/images/a-320.webp 320w, https://site.example/images/a-640.webp 640w"',
      'href="https://site.example/other-post"',
      'href="https://site.example/a-post#user-content-notes"',
      'href="https://site.example/tag/css?page=2"',
      'href="https://site.example/a-post?x=1&amp;y=2#top"',
      'srcset="https://site.example/images/b.avif 1x, https://site.example/images/b2.avif 2x"',
      'src="https://site.example/images/b.png" alt=""',
    ])
      expect(out).toContain(attribute);
    expect(out).not.toMatch(/\s(?:src|href|srcset)="(?!https:)/);
  });

  it('leaves absolute URLs, other schemes and everything else as the sanitizer left them', () => {
    const html = sanitizePostHtml(
      [
        '<h2 id="intro">Intro &amp; more</h2>',
        '<p>Text with &lt;script&gt;, "quotes", \'single\' and a ]]&gt; end.</p>',
        '<p><a href="https://other.example/x?a=1&amp;b=2">out</a> <a href="mailto:me@site.example">mail</a>',
        ' <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="dot"></p>',
        '<pre class="shiki" tabindex="0"><code><span class="c1">a &lt; b &amp;&amp; c</span></code></pre>',
        '<ul><li><input type="checkbox" checked disabled> done</li></ul>',
        '<table><tr><td align="left">cell</td></tr></table>',
        '<details><summary>More</summary><p>Hidden</p></details>',
        '<iframe src="https://www.youtube-nocookie.com/embed/x" title="A video" allowfullscreen></iframe>',
      ].join(''),
    );
    expect(html).toContain('https://other.example/x?a=1&amp;b=2');
    expect(html).toContain('data:image/gif');
    expect(withAbsoluteUrls(html, PAGE)).toBe(html);
  });

  it('adds nothing the sanitizer took away', () => {
    const out = withAbsoluteUrls(
      sanitizePostHtml('<p onclick="x()">a<script>b</script></p>'),
      PAGE,
    );
    expect(out).toBe('<p>a</p>');
  });
});

describe('absoluteSrcset', () => {
  it('splits candidates as HTML does, keeping their descriptors', () => {
    expect(absoluteSrcset('/a.jpg', PAGE)).toBe('https://site.example/a.jpg');
    expect(absoluteSrcset(' /a.jpg 1x ,/b.jpg 2x', PAGE)).toBe(
      ' https://site.example/a.jpg 1x ,https://site.example/b.jpg 2x',
    );
    expect(absoluteSrcset('/a,b.jpg 100w, /c.jpg 200w', PAGE)).toBe(
      'https://site.example/a,b.jpg 100w, https://site.example/c.jpg 200w',
    );
    expect(absoluteSrcset('/a.jpg,, /b.jpg', PAGE)).toBe(
      'https://site.example/a.jpg,, https://site.example/b.jpg',
    );
    expect(absoluteSrcset('https://cdn.example/a.jpg 2x', PAGE)).toBe(
      'https://cdn.example/a.jpg 2x',
    );
  });
});
