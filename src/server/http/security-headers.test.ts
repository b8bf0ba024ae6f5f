import { describe, expect, it } from 'vitest';
import { FRAME_HOSTS } from '../content/markdown/frame-hosts.js';
import { sanitizePostHtml } from '../content/markdown/sanitize.js';
import { contentSecurityPolicy } from './security-headers.js';

/** The sources of one directive of a CSP, without the directive's name. */
function sourcesOf(csp: string, directive: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  if (!found) throw new Error(`no ${directive} in ${csp}`);
  return found.slice(1);
}

describe('the pages’ CSP frame-src', () => {
  it('lists exactly the hosts whose players the sanitizer keeps, over https', () => {
    const sources = sourcesOf(contentSecurityPolicy(), 'frame-src');
    expect(sources).toEqual(FRAME_HOSTS.map((host) => `https://${host}`));
    for (const source of sources) {
      const frame = `<iframe src="${source}/embed/x"></iframe>`;
      expect(sanitizePostHtml(frame)).toBe(frame);
    }
  });

  it('is matched by the sanitizer over http too: a listed host’s frame over http is dropped', () => {
    for (const host of FRAME_HOSTS)
      expect(sanitizePostHtml(`<iframe src="http://${host}/embed/x"></iframe>`)).toBe('');
  });
});
