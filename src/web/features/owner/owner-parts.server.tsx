import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicSite } from '../../../shared/schemas/site-config.js';
import type { OwnerParts } from '../../data/owner-parts.js';
import { AuthorBox } from './author-box.js';
import { BrandMark } from './brand-mark.js';
import { ownerImage } from './owner-image.js';
import { OwnerLinkList } from './owner-link-list.js';
import { SiteNavigation } from './site-navigation.js';

const html = (element: ReactElement) => renderToStaticMarkup(element);

/**
 * The owner's parts of every page, rendered from site.yaml on the server only (the server entry
 * hands this to the root loader): the browser receives their HTML, never these components, their
 * icons or their images' variants.
 */
export function renderOwnerParts(site: PublicSite): OwnerParts {
  const links = site.links ?? [];
  const author = site.site.author;
  return {
    mark: html(<BrandMark author={author} logo={ownerImage(site, site.brand?.logo)} />),
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
        <OwnerLinkList links={links} />
        <p>© {author}</p>
      </footer>,
    ),
  };
}
