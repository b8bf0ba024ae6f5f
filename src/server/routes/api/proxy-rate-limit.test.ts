import { afterEach, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import { manyPosts } from '../../../../test/helpers/content-fixture.js';
import { apiPath } from '../../../shared/paths.js';

const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';

describe('employer-check rate limit behind proxies', () => {
  let h: ApiHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function harness(trustProxy?: string) {
    h = await apiHarness('sqlite', {
      posts: manyPosts(2, 'news'),
      env: { EMPLOYER_EMAIL: 'boss@example.com', TRUST_PROXY: trustProxy },
    });
    return h;
  }

  /** One attempt from `remoteAddress` (the peer of the socket) with this X-Forwarded-For. */
  const attempt = (app: ApiHarness['app'], remoteAddress: string, forwardedFor?: string) =>
    app
      .inject({
        method: 'POST',
        url: apiPath.employerCheck(),
        payload: { email: 'guess@example.com' },
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      })
      .then((res) => res.statusCode);

  /** 40 attempts whose left-most X-Forwarded-For changes every time. */
  async function rotating(app: ApiHarness['app'], peer: string, realTail: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(await attempt(app, peer, `198.51.100.${i + 1}${realTail}`));
    return statuses;
  }

  it.each(['1', 'true', PROXY, '127.0.0.0/8,10.0.0.0/8'])(
    'TRUST_PROXY=%s: a rotating left-most entry behind one proxy is still limited',
    async (value) => {
      const { app } = await harness(value);
      // The proxy appends the address it saw, so the real client is the right-most entry.
      const statuses = await rotating(app, PROXY, `, ${CLIENT}`);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
      // Another client behind the same proxy has a count of its own.
      expect(await attempt(app, PROXY, '203.0.113.8')).toBe(200);
    },
  );

  it('TRUST_PROXY=2 takes the client from behind the second proxy', async () => {
    const { app } = await harness('2');
    const statuses = await rotating(app, '10.0.0.2', `, ${CLIENT}, 10.0.0.1`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset', async () => {
    const { app } = await harness();
    const statuses = await rotating(app, CLIENT, '');
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    // A header naming a fresh client does not reset the count of the socket's address…
    expect(await attempt(app, CLIENT, '198.51.100.250')).toBe(429);
    // …nor does naming the limited client put another socket's address over its limit.
    expect(await attempt(app, '203.0.113.9', CLIENT)).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer not in the trusted list', async () => {
    const { app } = await harness('10.0.0.0/8');
    const statuses = await rotating(app, CLIENT, ', 198.51.100.200');
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});
