import { expect } from 'vitest';

/** Every JSON-LD block of a page, parsed. */
export function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const absolute = (value: unknown, origin: string) => {
  expect(typeof value).toBe('string');
  expect(new URL(value as string).origin).toBe(origin);
};
const isoDate = (value: unknown) => {
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(Number.isNaN(Date.parse(value as string))).toBe(false);
};
const text = (value: unknown) => {
  expect(typeof value).toBe('string');
  expect((value as string).trim()).not.toBe('');
};

/** A Person's `sameAs`, when it has one: profiles on the web, each once. */
const profiles = (value: unknown) => {
  if (value === undefined) return;
  expect(Array.isArray(value) && value.length > 0).toBe(true);
  for (const url of value as unknown[]) expect(url).toMatch(/^https?:\/\/[^/]/);
  expect(new Set(value as unknown[]).size).toBe((value as unknown[]).length);
};

/**
 * Checks an object against schema.org's vocabulary and the properties Google's rich results
 * require or recommend for its type (Article, Breadcrumb, Sitelinks search box; Person as
 * schema.org defines it); every URL absolute on `origin`.
 */
export function expectValidJsonLd(object: Record<string, unknown>, origin: string): void {
  expect(object['@context']).toBe('https://schema.org');
  const o = object as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  switch (o['@type']) {
    case 'BlogPosting':
      text(o.headline);
      text(o.description);
      expect(Array.isArray(o.image) && o.image.length > 0).toBe(true);
      for (const image of o.image) absolute(image, origin);
      isoDate(o.datePublished);
      isoDate(o.dateModified);
      expect(Date.parse(o.dateModified)).toBeGreaterThanOrEqual(Date.parse(o.datePublished));
      expect(o.author['@type']).toBe('Person');
      text(o.author.name);
      absolute(o.author.url, origin);
      profiles(o.author.sameAs);
      absolute(o.url, origin);
      expect(o.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': o.url });
      break;
    case 'BreadcrumbList':
      expect(o.itemListElement.length).toBeGreaterThanOrEqual(2);
      o.itemListElement.forEach((item: Record<string, unknown>, index: number) => {
        expect(item['@type']).toBe('ListItem');
        expect(item.position).toBe(index + 1);
        text(item.name);
        absolute(item.item, origin);
      });
      break;
    case 'WebSite':
      text(o.name);
      absolute(o.url, origin);
      expect(o.potentialAction['@type']).toBe('SearchAction');
      expect(o.potentialAction.target['@type']).toBe('EntryPoint');
      absolute(o.potentialAction.target.urlTemplate.replace('{search_term_string}', 'x'), origin);
      expect(o.potentialAction.target.urlTemplate).toMatch(/\/posts\/\{search_term_string\}$/);
      expect(o.potentialAction['query-input']).toBe('required name=search_term_string');
      break;
    case 'Person':
      text(o.name);
      absolute(o.url, origin);
      profiles(o.sameAs);
      break;
    default:
      throw new Error(`unexpected @type ${String(o['@type'])}`);
  }
}
