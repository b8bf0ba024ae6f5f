import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { ImageVariants } from '../../../shared/schemas/images.js';
import type { PublicSite } from '../../../shared/schemas/site-config.js';
import { LINK_KINDS, type OwnerLink } from '../../../shared/schemas/brand.js';
import { renderOwnerParts } from './owner-parts.server.js';
import { isAppPage } from './site-navigation.js';

const PHOTO: ImageVariants = {
  width: 800,
  height: 800,
  color: '#805030',
  files: [
    { url: '/images/me.abc.320.webp', type: 'image/webp', width: 320, height: 320 },
    { url: '/images/me.abc.320.jpg', type: 'image/jpeg', width: 320, height: 320 },
  ],
  share: null,
};

const LINKS: OwnerLink[] = [
  { kind: 'github', url: 'https://github.com/noor' },
  { kind: 'mastodon', url: 'https://hachyderm.io/@noor' },
  { kind: 'email', url: 'mailto:noor@example.com' },
  { kind: 'rss', url: '/rss.xml', label: 'Feed' },
];

function site(extra: Partial<PublicSite> = {}): PublicSite {
  return {
    site: {
      title: 'Notes',
      description: 'A site',
      url: 'https://noor.example',
      language: 'en',
      author: 'Noor Halvorsen',
    },
    landing: { student: { title: 'S', text: 'T' }, employer: { title: 'E', text: 'T' } },
    portfolio: {
      hero: { name: 'Noor Halvorsen', roles: ['Web developer'], intro: 'Hi' },
      about: { heading: 'About', paragraphs: ['P'], facts: [] },
      skills: [{ name: 'CSS', level: 80 }],
      resume: { summary: 'S', education: [], experience: [] },
      contact: { intro: 'Write', email: 'noor@example.com' },
    },
    contact_enabled: false,
    ...extra,
  };
}

/** A part's HTML read back as elements (React writes it well formed: void elements closed). */
function dom(html: string) {
  const root = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/xml').documentElement!;
  const all = (tag: string) => [...root.getElementsByTagName(tag)] as Element[];
  const byClass = (name: string) =>
    all('*').find((element) => element.getAttribute('class')?.split(' ').includes(name));
  return { root, all, byClass, text: root.textContent ?? '' };
}

describe('the owner’s parts, rendered on the server', () => {
  it('draws each link with its name, an inline icon hidden from screen readers, and rel=me on profiles', () => {
    const parts = renderOwnerParts(site({ links: LINKS }));
    const links = dom(parts.links);
    const sprite = dom(parts.footer).all('symbol');
    const anchors = links.all('a');
    expect(
      anchors.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]),
    ).toEqual([
      ['GitHub', 'https://github.com/noor', 'me noopener'],
      ['Mastodon', 'https://hachyderm.io/@noor', 'me noopener'],
      ['Email', 'mailto:noor@example.com', null],
      ['Feed', '/rss.xml', null],
    ]);
    for (const anchor of anchors) {
      const svg = anchor.getElementsByTagName('svg')[0]!;
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.getAttribute('focusable')).toBe('false');
      // Its icon is the footer's, drawn by reference: each path is written once in a page.
      const id = svg.getElementsByTagName('use')[0]!.getAttribute('href')!.slice(1);
      const symbol = sprite.filter((s) => s.getAttribute('id') === id);
      expect(symbol, id).toHaveLength(1);
      expect(symbol[0]!.getElementsByTagName('path')[0]!.getAttribute('d')).toMatch(/^[Mm]/);
      // A feed is a file, never a page the app would try to show.
      expect(anchor.hasAttribute('data-in-app')).toBe(false);
    }
  });

  it('has an icon of its own for every kind of link', () => {
    const all = LINK_KINDS.map((kind): OwnerLink => ({
      kind,
      url: kind === 'email' ? 'mailto:a@b.example' : 'https://x.example/@a',
      label: kind,
    }));
    const paths = dom(renderOwnerParts(site({ links: [...all, ...all] })).footer).all('path');
    expect(paths).toHaveLength(LINK_KINDS.length);
    expect(new Set(paths.map((path) => path.getAttribute('d'))).size).toBe(LINK_KINDS.length);
  });

  it('shows the author’s initials without a logo, the logo with its size with one', () => {
    const plain = renderOwnerParts(site());
    const monogram = dom(plain.mark);
    expect(monogram.text.toUpperCase()).toBe('NH');
    expect(monogram.byClass('brand-mark')!.getAttribute('aria-hidden')).toBe('true');
    // The landing page and the résumé keep their own look without a logo.
    expect(plain.logo).toBe('');
    const branded = renderOwnerParts(
      site({ brand: { logo: 'me.png' }, images: { 'me.png': PHOTO } }),
    );
    expect(branded.logo).toBe(branded.mark);
    const logo = dom(branded.mark);
    const img = logo.all('img')[0]!;
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '800']);
    expect(img.getAttribute('loading')).toBe('eager');
    // React writes the attribute srcSet; HTML reads names in any case.
    expect(logo.all('source')[0]!.getAttribute('srcSet')).toContain('/images/me.abc.320.webp');
  });

  it('puts the author box under a post: photo (lazy, sized), name, role and links', () => {
    const box = dom(
      renderOwnerParts(
        site({ links: LINKS, brand: { photo: 'me.jpg' }, images: { 'me.jpg': PHOTO } }),
      ).authorBox,
    );
    const img = box.all('img')[0]!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '800']);
    expect(box.byClass('author-box__name')!.textContent).toBe('Noor Halvorsen');
    expect(box.text).toContain('Web developer');
    expect(box.all('a')).toHaveLength(LINKS.length);
    // Without a photo, the initials stand in its place.
    const plain = dom(renderOwnerParts(site()).authorBox);
    expect(plain.all('img')).toEqual([]);
    expect(plain.byClass('author-box__photo')!.textContent!.toUpperCase()).toBe('NH');
  });

  it('makes the top bar’s entries: the site’s pages followed in the app, other sites plain', () => {
    const nav = dom(
      renderOwnerParts(
        site({
          navigation: [
            { label: 'Résumé', url: '/resume' },
            { label: 'Talks', url: 'https://talks.example/noor' },
            { label: 'Feed', url: '/rss.xml' },
          ],
        }),
      ).navigation,
    );
    expect(nav.all('nav')[0]!.getAttribute('aria-label')).toBe('Site');
    const [resume, talks, feed] = nav.all('a');
    expect(resume!.hasAttribute('data-in-app')).toBe(true);
    expect(resume!.getAttribute('rel')).toBeNull();
    expect(talks!.getAttribute('rel')).toBe('noopener');
    expect(talks!.hasAttribute('data-in-app')).toBe(false);
    expect(feed!.hasAttribute('data-in-app')).toBe(false);
  });

  it('renders nothing for what the owner left out, and never a style attribute', () => {
    const parts = renderOwnerParts(site());
    expect(parts.navigation).toBe('');
    expect(parts.links).toBe('');
    expect(dom(parts.footer).text).toBe('© Noor Halvorsen');
    const full = renderOwnerParts(
      site({
        links: LINKS,
        navigation: [{ label: 'A', url: '/a' }],
        brand: { logo: 'me.png', photo: 'me.png' },
        images: { 'me.png': PHOTO },
      }),
    );
    for (const html of Object.values(full)) expect(html).not.toMatch(/\sstyle=/);
  });
});

describe('the parts of one content', () => {
  it('are rendered once, and again when what they show changes', () => {
    const first = renderOwnerParts(site({ links: LINKS }));
    expect(renderOwnerParts(site({ links: LINKS }))).toBe(first);
    const relabelled = renderOwnerParts(site({ links: [{ ...LINKS[0]!, label: 'Code' }] }));
    expect(relabelled).not.toBe(first);
    expect(relabelled.links).toContain('Code');
    const photo = { brand: { photo: 'me.jpg' }, images: { 'me.jpg': PHOTO } };
    const withPhoto = renderOwnerParts(site(photo));
    const newPhoto = renderOwnerParts(
      site({ ...photo, images: { 'me.jpg': { ...PHOTO, width: 900, height: 900 } } }),
    );
    expect(newPhoto.authorBox).not.toBe(withPhoto.authorBox);
    expect(newPhoto.authorBox).toContain('width="900"');
  });
});

describe('isAppPage', () => {
  it('tells the app’s pages from files, feeds, the API and other sites', () => {
    for (const url of ['/', '/resume', '/posts?page=2', '/cate/3', '/a-post#part'])
      expect(isAppPage(url), url).toBe(true);
    for (const url of [
      '/rss.xml',
      '/images/cv.pdf',
      '/api/site',
      '//evil.example/x',
      'https://x.example/',
    ])
      expect(isAppPage(url), url).toBe(false);
  });
});
