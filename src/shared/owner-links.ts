import type { LinkKind, OwnerLink } from './schemas/brand.js';

/**
 * The owner's links (site.yaml `links:`) as the pages show them: the one place that says, for each
 * kind, the name a link is announced by, whether it is a profile of the owner (`rel="me"`, the
 * JSON-LD Person's `sameAs`) and what its URL must look like.
 */

interface LinkService {
  /** The service's name: a link's accessible and visible name when it has no label. */
  name: string;
  /** A page of the owner's on another site: marked `rel="me"` and listed in `sameAs`. */
  profile: boolean;
  /** How a URL of this kind is written; checked by `linkProblem`. */
  url: 'mailto' | 'web';
}

export const LINK_SERVICES: Record<LinkKind, LinkService> = {
  github: { name: 'GitHub', profile: true, url: 'web' },
  gitlab: { name: 'GitLab', profile: true, url: 'web' },
  linkedin: { name: 'LinkedIn', profile: true, url: 'web' },
  mastodon: { name: 'Mastodon', profile: true, url: 'web' },
  bluesky: { name: 'Bluesky', profile: true, url: 'web' },
  email: { name: 'Email', profile: false, url: 'mailto' },
  rss: { name: 'RSS feed', profile: false, url: 'web' },
  website: { name: 'Website', profile: true, url: 'web' },
};

/** A link ready to draw: its kind (for the icon), address, name and `rel`. */
export interface ShownLink {
  kind: LinkKind;
  url: string;
  name: string;
  /** `me noopener` on a profile (verification, e.g. Mastodon's), undefined otherwise. */
  rel?: string;
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** How the pages show `link`. */
export function shownLink(link: OwnerLink): ShownLink {
  const service = LINK_SERVICES[link.kind];
  const profile = service.profile && isWebAddress(link.url);
  return {
    kind: link.kind,
    url: link.url,
    name: link.label ?? service.name,
    ...(profile ? { rel: 'me noopener' } : {}),
  };
}

/** The owner's profiles elsewhere, as a JSON-LD Person's `sameAs`: no address to write to, no feed. */
export function profileUrls(links: readonly OwnerLink[]): string[] {
  return [
    ...new Set(
      links
        .filter((link) => LINK_SERVICES[link.kind].profile && isWebAddress(link.url))
        .map((link) => link.url),
    ),
  ];
}

/** A Mastodon profile's address: https://host/@user, or https://host/users/user as some servers write it. */
const MASTODON_PROFILE = /^https:\/\/([^/?#]+)\/(?:@|users\/)([A-Za-z0-9_.-]+)\/?$/;

/**
 * The `fediverse:creator` handle (`@user@host`) of the first Mastodon link, which Mastodon shows
 * as the author of a shared page; undefined without one.
 */
export function fediverseCreator(links: readonly OwnerLink[]): string | undefined {
  for (const link of links) {
    if (link.kind !== 'mastodon') continue;
    const match = MASTODON_PROFILE.exec(link.url);
    if (match) return `@${match[2]}@${match[1]!.toLowerCase()}`;
  }
  return undefined;
}

/**
 * Why a link of site.yaml cannot be shown as written, or undefined, in words that follow the
 * field's name (`links.2 is …`): an email link is a `mailto:` address, every other one a web
 * address (or a path of the site, for a feed), a Mastodon link a profile's address, and a
 * `website` link has a label to name it by. Kinds and URLs the schema refuses are left to it.
 */
export function linkProblem(link: OwnerLink): string | undefined {
  const service = LINK_SERVICES[link.kind] as LinkService | undefined;
  if (!service || typeof link.url !== 'string') return undefined;
  const mailto = link.url.toLowerCase().startsWith('mailto:');
  if (service.url === 'mailto' && !mailto)
    return 'is an email link; write its url as mailto:you@example.com';
  if (service.url === 'web' && mailto)
    return `is a ${service.name} link, not an address to write to; give email addresses kind: email`;
  if (link.kind !== 'rss' && service.url === 'web' && !isWebAddress(link.url))
    return `is a ${service.name} link; write its url as the address of the page, https://…`;
  if (link.kind === 'mastodon' && !MASTODON_PROFILE.test(link.url))
    return "is a Mastodon link; write its url as the profile's address, https://host/@user";
  if (link.kind === 'website' && link.label === undefined)
    return 'is a website link without a label; add label: the name it is shown by';
  return undefined;
}
