import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicSite } from '../../../shared/schemas/site-config.js';
import type { OwnerParts } from '../../data/owner-parts.js';
import { AuthorBox } from './author-box.js';
import { IconSprite } from './link-icon.js';
import { BrandMark } from './brand-mark.js';
import { ownerImage } from './owner-image.js';
import { OwnerLinkList } from './owner-link-list.js';
import { SiteNavigation } from './site-navigation.js';

const html = (element: ReactElement) => renderToStaticMarkup(element);

/** The last parts rendered, by what they were rendered from. */
let last: { key: string; parts: OwnerParts } | undefined;

/**
 * The owner's parts of every page, rendered from site.yaml on the server only (the server entry
 * hands this to the root loader): the browser receives their HTML, never these components, their
 * icons or their images' variants. Rendered once for each content, by what they show: a page the
 * cache does not hold would otherwise render them all again, where the key costs microseconds.
 */
export function renderOwnerParts(site: PublicSite): OwnerParts {
  const { logo, photo } = site.brand ?? {};
  const key = JSON.stringify([
    site.site.author,
    site.portfolio.hero.roles[0],
    site.links,
    site.navigation,
    ownerImage(site, logo),
    ownerImage(site, photo),
  ]);
  if (last?.key !== key) last = { key, parts: renderParts(site) };
  return last.parts;
}

function renderParts(site: PublicSite): OwnerParts {
  const links = site.links ?? [];
  const author = site.site.author;
  const logo = ownerImage(site, site.brand?.logo);
  const mark = html(<BrandMark author={author} logo={logo} />);
  return {
    mark,
    logo: logo ? mark : '',
    navigation: html(<SiteNavigation entries={site.navigation ?? []} />),
    links: html(<OwnerLinkList links={links} />),
    authorBox: html(
      <AuthorBox
        name={author}
        role={site.portfolio.hero.roles[0]}
        photo={ownerImage(site, site.brand?.photo)}
        links={links}
      />,
    ),
    footer: html(
      <footer className="site-footer">
        <IconSprite kinds={links.map((link) => link.kind)} />
        <OwnerLinkList links={links} />
        <p>© {author}</p>
      </footer>,
    ),
  };
}
