import { describe, expect, it } from 'vitest';
import {
  fediverseCreator,
  LINK_SERVICES,
  linkProblem,
  profileUrls,
  shownLink,
} from './owner-links.js';
import { LINK_KINDS, type OwnerLink } from './schemas/brand.js';

const GITHUB: OwnerLink = { kind: 'github', url: 'https://github.com/noor' };
const MASTODON: OwnerLink = { kind: 'mastodon', url: 'https://Hachyderm.io/@noor' };
const EMAIL: OwnerLink = { kind: 'email', url: 'mailto:noor@example.com' };
const RSS: OwnerLink = { kind: 'rss', url: '/rss.xml' };

describe('the owner’s links', () => {
  it('names every kind, and a link by its label when it has one', () => {
    for (const kind of LINK_KINDS) expect(LINK_SERVICES[kind].name, kind).not.toBe('');
    expect(shownLink(GITHUB).name).toBe('GitHub');
    expect(shownLink({ ...GITHUB, label: 'My code' }).name).toBe('My code');
    expect(shownLink(EMAIL).name).toBe('Email');
    expect(shownLink({ kind: 'linkedin', url: 'https://linkedin.com/in/noor' }).name).toBe(
      'LinkedIn',
    );
  });

  it('marks profiles rel="me", and neither an address to write to nor a feed', () => {
    expect(shownLink(GITHUB).rel).toBe('me noopener');
    expect(shownLink(MASTODON).rel).toBe('me noopener');
    expect(shownLink({ kind: 'website', url: 'https://noor.example', label: 'Home' }).rel).toBe(
      'me noopener',
    );
    expect(shownLink(EMAIL).rel).toBeUndefined();
    expect(shownLink(RSS).rel).toBeUndefined();
    expect(shownLink(EMAIL).url).toBe('mailto:noor@example.com');
  });

  it('lists the profiles as sameAs: web addresses only, each once, in order', () => {
    const bluesky: OwnerLink = { kind: 'bluesky', url: 'https://bsky.app/profile/noor.example' };
    expect(
      profileUrls([
        EMAIL,
        GITHUB,
        RSS,
        { kind: 'rss', url: 'https://feeds.example/x' },
        MASTODON,
        bluesky,
        GITHUB,
      ]),
    ).toEqual([GITHUB.url, MASTODON.url, bluesky.url]);
    expect(profileUrls([])).toEqual([]);
  });

  it('derives fediverse:creator from the first Mastodon profile', () => {
    expect(fediverseCreator([GITHUB, MASTODON])).toBe('@noor@hachyderm.io');
    expect(fediverseCreator([{ kind: 'mastodon', url: 'https://social.example/@a_b.c/' }])).toBe(
      '@a_b.c@social.example',
    );
    expect(fediverseCreator([{ kind: 'mastodon', url: 'https://pleroma.example/users/kim' }])).toBe(
      '@kim@pleroma.example',
    );
    expect(
      fediverseCreator([MASTODON, { kind: 'mastodon', url: 'https://other.example/@second' }]),
    ).toBe('@noor@hachyderm.io');
    expect(fediverseCreator([GITHUB, EMAIL])).toBeUndefined();
    // Not a profile's address: no handle rather than a wrong one.
    expect(
      fediverseCreator([{ kind: 'mastodon', url: 'https://host.example/about' }]),
    ).toBeUndefined();
  });

  it('refuses links its kind cannot be, saying how to write them', () => {
    expect(linkProblem(GITHUB)).toBeUndefined();
    expect(linkProblem(MASTODON)).toBeUndefined();
    expect(linkProblem(EMAIL)).toBeUndefined();
    expect(linkProblem(RSS)).toBeUndefined();
    expect(linkProblem({ kind: 'email', url: 'https://example.com/contact' })).toMatch(
      /mailto:you@example\.com/,
    );
    expect(linkProblem({ kind: 'github', url: 'mailto:a@b.example' })).toMatch(/kind: email/);
    expect(linkProblem({ kind: 'linkedin', url: '/about' })).toMatch(/https:\/\//);
    expect(linkProblem({ kind: 'mastodon', url: 'https://mastodon.social/about' })).toMatch(
      /https:\/\/host\/@user/,
    );
    expect(linkProblem({ kind: 'website', url: 'https://noor.example' })).toMatch(/label/);
    expect(
      linkProblem({ kind: 'website', url: 'https://noor.example', label: 'Portfolio' }),
    ).toBeUndefined();
  });
});
