import { describe, expect, it } from 'vitest';
import { TINY_SVG } from '../../../test/helpers/content-fixture.js';
import { sanitizeSvg } from './svg-sanitize.js';

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

function drawing(source: string): string {
  const result = sanitizeSvg(source);
  if (!result.ok) throw new Error(result.problem);
  return result.svg;
}

describe('sanitizeSvg', () => {
  it('keeps a drawing byte for byte', () => {
    expect(drawing(TINY_SVG)).toBe(TINY_SVG);
    const rich = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<g fill="url(#g)" transform="rotate(3)"><path d="M0 0L10 10"/><text x="1" y="2">a &lt; b</text></g>' +
        '<use href="#g"/>',
    );
    expect(drawing(rich)).toBe(rich);
  });

  it.each([
    ['script element', svg('<script>alert(1)</script><rect/>')],
    ['handler on the root', svg('<rect/>', ' onload="alert(1)"')],
    ['handler on a child', svg('<rect onclick="alert(1)" onmouseover="alert(1)"/>')],
    [
      'foreignObject with HTML',
      svg('<foreignObject><iframe src="javascript:alert(1)"/></foreignObject>'),
    ],
    ['javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['animation setting an href', svg('<animate attributeName="href" to="javascript:alert(1)"/>')],
    ['set of a handler', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
    [
      'external use',
      svg('<use href="https://evil.example/x.svg#a"/><use xlink:href="data:image/svg+xml,x"/>'),
    ],
    ['external image', svg('<image href="https://evil.example/x.png"/>')],
    [
      'style sheet',
      svg('<style>@import url(https://evil.example/x.css)</style><rect style="fill:red"/>'),
    ],
    [
      'url() to elsewhere',
      svg('<rect fill="url(https://evil.example/#a)" filter="url(javascript:alert(1))"/>'),
    ],
    ['CDATA with markup', svg('<![CDATA[<img src=x onerror=alert(1)>]]>')],
  ])('makes %s inert', (_name, hostile) => {
    const out = drawing(hostile);
    expect(out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out).not.toMatch(/<(script|foreignObject|iframe|a|animate|set|image|style|img)\b/i);
    expect(out).not.toMatch(/<[^>]*\son\w+=/i);
    expect(out).not.toMatch(/<[^>]*(javascript:|https?:\/\/evil|data:|style=)/i);
  });

  it('refuses entity declarations and files that are not SVG', () => {
    expect(
      sanitizeSvg(
        '<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>' + svg('<text>&b;</text>'),
      ),
    ).toEqual({ ok: false, problem: 'declares XML entities, which an image may not' });
    expect(sanitizeSvg('<html><body><script>alert(1)</script></body></html>')).toEqual({
      ok: false,
      problem: 'has no <svg> root element',
    });
  });

  it('drops what stands outside the root and adds a missing namespace', () => {
    expect(
      drawing('<?xml version="1.0"?>\n<!-- made by hand --><svg><rect/></svg>\ntrailing'),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
  });
});
