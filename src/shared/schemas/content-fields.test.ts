import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { ContentUrl, NonBlankText, urlProblem } from './content-fields.js';

describe('urlProblem', () => {
  it.each([
    'https://example.com',
    'https://example.com/a/b?c=d#e',
    'http://example.com:8080/x',
    'HTTPS://Example.com/',
    'https://xn--bcher-kva.example/',
    '/',
    '/resume',
    '/posts/a-post?x=1#top',
    '/images/a%20b.png',
  ])('takes %s', (url) => {
    expect(urlProblem(url)).toBeUndefined();
  });

  it.each([
    ['//evil.example/x', 'protocol-relative: another host'],
    ['/\\evil.example/x', 'a backslash after the slash: another host'],
    ['\\\\evil.example/x', 'backslashes'],
    ['https://example.com\\@evil.example', 'a backslash in an absolute URL'],
    ['https:///evil.example', 'no host after the slashes'],
    ['https:/evil.example', 'one slash'],
    ['https://', 'no host'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://example.com/a b', 'a space'],
    [' https://example.com', 'leading space'],
    ['https://example.com/\t', 'a tab'],
    ['/a\nb', 'a newline'],
    ['/a\u0000b', 'NUL'],
    ['/a\u202eb', 'a bidi control'],
    ['javascript:alert(1)', 'javascript:'],
    ['data:text/html,x', 'data:'],
    ['ftp://example.com', 'ftp:'],
    ['example.com', 'no scheme, not a path'],
    ['resume', 'a relative path'],
    ['mailto:me@example.com', 'mailto where it is not allowed'],
    ['', 'empty'],
  ])('refuses %j (%s)', (url) => {
    expect(urlProblem(url)).toMatch(/is not a URL; write https:\/\/… or a path starting with \/$/);
  });

  it('takes mailto: only where it is allowed, with an address', () => {
    expect(urlProblem('mailto:me@example.com', { mailto: true })).toBeUndefined();
    expect(urlProblem('mailto:me@example.com?subject=Hi', { mailto: true })).toBeUndefined();
    expect(urlProblem('mailto:', { mailto: true })).toMatch(
      /write https:\/\/…, mailto:… or a path starting with \//,
    );
    expect(urlProblem('mailto:me @example.com', { mailto: true })).toBeDefined();
  });

  it('takes only absolute http(s) URLs where paths are not allowed', () => {
    expect(urlProblem('https://example.com', { paths: false })).toBeUndefined();
    expect(urlProblem('/resume', { paths: false })).toBe(
      '"/resume" is not an absolute http(s) URL; write https://…',
    );
  });

  it('shows the value escaped and cut, so an error line stays one readable line', () => {
    expect(urlProblem('/a\nb')).toMatch(/^"\/a\\nb" /);
    expect(urlProblem('/a\u202eb')).toMatch(/^"\/a\\u202eb" /);
    expect(urlProblem(`//${'x'.repeat(500)}`)!.length).toBeLessThan(220);
  });
});

describe('ContentUrl and NonBlankText', () => {
  const schema = Type.Object({ url: ContentUrl(), title: NonBlankText(10) });
  const validator = Compile(schema);

  it('check with the same rules and say why', () => {
    expect(validator.Check({ url: '/a', title: 'Hi' })).toBe(true);
    const errors = [...validator.Errors({ url: '//evil.example/x', title: '   ' })];
    expect(errors.map((e) => e.message)).toEqual([
      '"//evil.example/x" is not a URL; write https://… or a path starting with /',
      'is blank; write some text',
    ]);
    expect(validator.Check({ url: '/a', title: '' })).toBe(false);
    expect(validator.Check({ url: '/a', title: '\u00a0\t\n' })).toBe(false);
    expect(validator.Check({ url: '/a', title: 'x'.repeat(11) })).toBe(false);
  });
});
