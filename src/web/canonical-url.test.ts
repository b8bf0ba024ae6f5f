import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.js';
import { pagePath } from '../shared/paths.js';

const SITE = 'https://site.example/';
const canonical = (path: string) => canonicalUrl(SITE, new URL(path, 'http://localhost'));

describe('canonicalUrl', () => {
  it('keeps the query a page reads, as the site writes it', () => {
    expect(canonical(pagePath.posts({ category: 3, page: 2 }))).toBe(
      `https://site.example${pagePath.posts({ category: 3, page: 2 })}`,
    );
    expect(canonical('/posts?page=2&category=3')).toBe(
      'https://site.example/posts?category=3&page=2',
    );
    expect(canonical(pagePath.tag('css', 4))).toBe(`https://site.example${pagePath.tag('css', 4)}`);
  });

  it('drops what names the same page: page 1, malformed values, other parameters', () => {
    for (const path of [
      '/posts?page=abc',
      '/posts?page=1',
      '/posts?page=-2',
      '/posts?category=x',
      '/posts?utm_source=mail',
    ])
      expect(canonical(path), path).toBe('https://site.example/posts');
    expect(canonical('/resume?x=<script>')).toBe('https://site.example/resume');
    expect(canonical('/cate/2?category=3')).toBe('https://site.example/cate/2');
  });
});
