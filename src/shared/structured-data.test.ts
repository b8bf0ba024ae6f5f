import { describe, expect, it } from 'vitest';
import { expectValidJsonLd, jsonLdOf } from '../../test/helpers/json-ld.js';
import { categoryLd, personLd, postLd, structuredDataTags, webSiteLd } from './structured-data.js';
import { imagePath } from './paths.js';

const SITE = {
  title: 'A site',
  description: 'About things',
  url: 'https://blog.example/',
  author: 'Ada Writer',
  language: 'en',
};
const HOSTILE = 'Closing </script><script>alert(1)</script> & <!-- \u2028 \u2029';
const POST = {
  title: HOSTILE,
  summary: 'Summary',
  slug: 'a-post',
  image: 'cover.webp',
  published_at: '2025-02-01T00:00:00.000Z',
  category: { id: 3, name: 'Guides' },
};

describe('structured data', () => {
  it('builds valid objects with absolute URLs from the site URL', () => {
    const objects = [
      ...postLd(SITE, POST),
      categoryLd(SITE, POST.category),
      webSiteLd(SITE),
      personLd(SITE, { hero: { name: 'Ada', roles: ['Writer'], intro: 'Hi' }, skills: [] }),
    ];
    for (const object of objects) expectValidJsonLd({ ...object }, 'https://blog.example');
    const [posting, crumbs] = postLd(SITE, { ...POST, modified_at: '2025-03-01T00:00:00.000Z' });
    expect(posting.url).toBe('https://blog.example/a-post');
    expect(posting.image).toEqual(['https://blog.example/images/cover.webp']);
    expect(posting.dateModified).toBe('2025-03-01T00:00:00.000Z');
    const withVariants = postLd(SITE, {
      ...POST,
      image_variants: {
        files: [
          { url: imagePath('cover.abc.640.webp'), width: 640 },
          { url: imagePath('cover.abc.1920.webp'), width: 1920 },
        ],
        share: { url: imagePath('cover.abc.share.jpg') },
      },
    })[0];
    expect(withVariants.image).toEqual([
      'https://blog.example/images/cover.abc.share.jpg',
      'https://blog.example/images/cover.abc.1920.webp',
    ]);
    expect(crumbs.itemListElement.map((item) => item.item)).toEqual([
      'https://blog.example/',
      'https://blog.example/cate/3',
      'https://blog.example/a-post',
    ]);
  });

  it('writes data blocks that no text can close, and that parse back to the same object', () => {
    const objects = postLd(SITE, POST);
    const html = structuredDataTags(objects).join('');
    expect(html.match(/<\/script/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/[\u2028\u2029]/);
    expect(jsonLdOf(html)).toEqual(objects);
  });
});
