import { describe, expect, it } from 'vitest';
import { BROWSERS, GOOGLEBOT } from '../../../test/helpers/visitors.js';
import { clientAddress, trustOf } from '../http/client-address.js';
import { Agents, deviceOf } from './agents.js';
import { referrerHost, utmSource } from './referrers.js';
import { visitHeaders } from './visit-headers.js';

describe('what a request tells the analytics', () => {
  it('reads its headers in any case, DNT and Sec-GPC, prefetches, same-origin fetches', () => {
    const plain = visitHeaders([
      'User-Agent',
      'UA',
      'Host',
      'site.test',
      'Referer',
      'https://a.test/',
    ]);
    expect(plain).toEqual({
      userAgent: 'UA',
      referer: 'https://a.test/',
      host: 'site.test',
      forwardedFor: undefined,
      optOut: false,
      prefetch: false,
      sameOrigin: false,
    });
    expect(visitHeaders(['DNT', '1']).optOut).toBe(true);
    expect(visitHeaders(['DNT', '0']).optOut).toBe(false);
    expect(visitHeaders(['sec-gpc', '1']).optOut).toBe(true);
    for (const [name, value] of [
      ['Sec-Purpose', 'prefetch;prerender'],
      ['Purpose', 'prefetch'],
      ['X-Purpose', 'preview'],
      ['X-Moz', 'prefetch'],
    ])
      expect(visitHeaders([name!, value!]).prefetch, name).toBe(true);
    expect(visitHeaders(['Sec-Fetch-Site', 'same-origin']).sameOrigin).toBe(true);
    expect(visitHeaders(['Sec-Fetch-Site', 'cross-site']).sameOrigin).toBe(false);
    // Repeated fields are joined as Node joins them.
    expect(
      visitHeaders(['X-Forwarded-For', '1.1.1.1', 'x-forwarded-for', '2.2.2.2']).forwardedFor,
    ).toBe('1.1.1.1, 2.2.2.2');
  });

  it('finds the client behind trusted proxies only, as Fastify does', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', false)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '203.0.113.5', trustOf(1))).toBe('203.0.113.5');
    // A client's own X-Forwarded-For entry before the proxy's is not believed.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.5', trustOf(1))).toBe('203.0.113.5');
    // A list's trust is remembered by address: the same answers when asked again.
    const subnet = trustOf(['10.0.0.0/8']);
    for (let again = 0; again < 2; again++) {
      expect(clientAddress('10.0.0.2', '203.0.113.5', subnet)).toBe('203.0.113.5');
      expect(clientAddress('192.0.2.1', '203.0.113.5', subnet)).toBe('192.0.2.1');
      expect(clientAddress('10.0.0.2', '192.0.2.9, 10.0.0.3', subnet)).toBe('192.0.2.9');
    }
  });

  it('tells bots, device classes and feed readers from the user agent', () => {
    const agents = new Agents();
    expect(agents.of(GOOGLEBOT).bot).toBe('Googlebot');
    expect(agents.of('').bot).toBe('(no user agent)');
    expect(agents.of(BROWSERS[0]).bot).toBeUndefined();
    expect(deviceOf(BROWSERS[0])).toBe('desktop');
    expect(deviceOf(BROWSERS[1])).toBe('mobile');
    expect(deviceOf(BROWSERS[3])).toBe('tablet');
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1')).toBe('tablet');
    expect(
      agents.of('NewsBlur Feed Fetcher - 12 subscribers - https://www.newsblur.com').reader,
    ).toEqual({
      name: 'NewsBlur Feed Fetcher',
      subscribers: 12,
    });
    expect(agents.of(BROWSERS[2]).reader).toBeUndefined();
  });

  it('remembers a bounded number of user agents', () => {
    const agents = new Agents();
    for (let i = 0; i < 5000; i++) agents.of(`${BROWSERS[0]} ${i}`);
    expect(agents.size).toBeLessThanOrEqual(2000);
    expect(agents.size).toBeGreaterThan(0);
  });

  it('names a crawler by its own product token, whatever precedes it', () => {
    const agents = new Agents();
    const bytespider = 'Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)';
    expect(agents.of(bytespider).bot).toBe('Bytespider');
    expect(agents.of('Mozilla/5.0 (compatible; _2Ahrefsbot/7.0)').bot).toBe('Ahrefsbot');
    // No crawler word: what isbot's list matched names it.
    expect(agents.of('curl/8.5.0').bot).toBe('curl/8.5.0');
  });

  it('reads a long user agent by its first 512 characters, remembered once', () => {
    const agents = new Agents();
    const head = `${'a'.repeat(500)} ExampleBot/1.0 `;
    const first = agents.of(`${head}${'x'.repeat(16_000)}`);
    expect(first.bot).toBe('ExampleBot');
    expect(agents.of(`${head}${'y'.repeat(16_000)}`)).toBe(first);
    expect(agents.size).toBe(1);
    // A crawler word past the cap is not read: the agent counts as a browser.
    expect(agents.of(`${BROWSERS[0]}${' '.repeat(600)}Googlebot/2.1`).bot).toBeUndefined();
  });

  it('keeps the referring host, not this site, and utm_source', () => {
    expect(referrerHost('https://www.Example.org/a?b', 'site.test')).toBe('example.org');
    expect(referrerHost('https://site.test/posts', 'site.test:443')).toBeUndefined();
    expect(referrerHost('android-app://com.google.android.gm/', 'site.test')).toBe(
      'com.google.android.gm',
    );
    expect(referrerHost('not a url', 'site.test')).toBeUndefined();
    expect(referrerHost('https://user:pw@evil.test:8080/x', undefined)).toBe('evil.test');
    expect(utmSource('/post-1?utm_source=Newsletter&utm_medium=mail')).toBe('newsletter');
    expect(utmSource('/post-1?page=2')).toBeUndefined();
    expect(utmSource('/post-1?utm_source=%1b%5b2J')).toBe('[2j');
  });
});
