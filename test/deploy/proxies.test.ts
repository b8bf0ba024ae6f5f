import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../helpers/content-fixture.js';
import { freePort, startServe, type ServeProcess } from '../helpers/serve-process.js';
import { PG_ADMIN_URL, pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../helpers/stores.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import {
  answering,
  caddySite,
  httpsGet,
  nginxHttpSite,
  nginxHttpsSite,
  nginxMain,
  nginxTest,
  postBig,
  requireTool,
  selfSignedCertificate,
  startCaddy,
  startNginx,
  tempDir,
  type RunningProxy,
} from './proxy-sites.js';

/**
 * Caddy and nginx, configured by deploy/, in front of two built instances that share one
 * PostgreSQL database (through a TCP proxy the test cuts, as a network outage would): both keep
 * serving while the database is away (the instances' own 503s and cached pages pass through, the
 * proxy does not take every instance out) and while one instance is stopped.
 */
const HEALTH_CHECK = /"url":"\/(healthz|readyz)"/;

describe('Caddy and nginx in front of two instances of one PostgreSQL store', () => {
  const database = uniqueDatabase('postfolio_deploy');
  const admin = new URL(PG_ADMIN_URL);
  const postgres = new TcpProxy(admin.hostname, Number(admin.port || 5432));
  const instances: ServeProcess[] = [];
  const proxies: RunningProxy[] = [];
  let plainPort = 0;

  beforeAll(async () => {
    requireTool('caddy');
    requireTool('nginx');
    await pgAdmin(`CREATE DATABASE ${database}`);
    await postgres.start();
    const url = new URL(pgDatabaseUrl(database));
    url.port = String(postgres.port);
    // debug: each instance logs every request, so the test sees the proxy's health checks.
    const env = { DATABASE_URL: url.toString(), LOG_LEVEL: 'debug' };
    const posts = manyPosts(3, 'news');
    // One after the other: the first migrates and imports, the second finds the store ready.
    instances.push(await startServe(posts, [], env));
    instances.push(await startServe(posts, [], env));
    const upstreams = instances.map((instance) => instance.port);

    const work = tempDir();
    const tls = selfSignedCertificate(work);
    const caddyPort = await freePort();
    const caddyWork = tempDir();
    const caddyConfig = caddySite(
      caddyWork,
      { https: caddyPort, admin: await freePort(), upstreams },
      tls,
    );
    proxies.push(startCaddy(caddyWork, caddyConfig, caddyPort));
    const nginxPort = await freePort();
    plainPort = await freePort();
    const main = nginxMain(work, [
      nginxHttpSite(work, plainPort),
      nginxHttpsSite(work, { https: nginxPort, upstreams }, tls),
    ]);
    const test = nginxTest(work, main);
    expect(test.ok, test.output).toBe(true);
    proxies.push(startNginx(work, main, nginxPort));
    for (const proxy of proxies) await answering(proxy.port, proxy.host);
  });

  afterAll(async () => {
    for (const proxy of proxies) proxy.stop();
    for (const instance of instances) {
      if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await postgres.cut();
    await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('each proxies pages with the server’s own headers and refusals', async () => {
    for (const proxy of proxies) {
      const page = await httpsGet(proxy.port, '/posts', proxy.host);
      expect(page.status, proxy.name).toBe(200);
      expect(page.body).toContain('<h1');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      // The server's refusal of a large body reaches the client as it is.
      expect(await postBig(proxy.port, proxy.host), proxy.name).toBe(413);
    }
    const nginx = proxies.find((proxy) => proxy.name === 'nginx')!;
    const page = await httpsGet(nginx.port, '/posts', nginx.host);
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000');
    const redirect = await fetch(`http://127.0.0.1:${plainPort}/posts?page=2`, {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('https://example.com/posts?page=2');
  });

  it('while the database is away, each passes on the instances’ 503 with Retry-After and their cached pages', async () => {
    // Kept by each instance's page cache from the second time it is asked for.
    for (const instance of instances)
      for (let i = 0; i < 2; i++)
        expect((await fetch(`http://127.0.0.1:${instance.port}/posts`)).status).toBe(200);

    await postgres.cut();
    try {
      for (const instance of instances) {
        const base = `http://127.0.0.1:${instance.port}`;
        expect((await fetch(`${base}/readyz`)).status).toBe(503);
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
      }
      // Caddy's active health check has asked each instance since: an instance it took out for
      // this would be out now.
      await Promise.all(instances.map((instance) => healthCheckedAfter(instance)));

      for (const proxy of proxies) {
        for (let i = 0; i < 4; i++) {
          // A search no cache holds: the instance asks the database, which is away.
          const page = await httpsGet(proxy.port, `/posts/away-${proxy.name}-${i}`, proxy.host);
          expect(page.status, proxy.name).toBe(503);
          expect(page.headers['retry-after'], proxy.name).toBe('5');
          expect(page.body).toContain('Temporarily unavailable');
        }
        const cached = await httpsGet(proxy.port, '/posts', proxy.host);
        expect(cached.status, proxy.name).toBe(200);
        expect(cached.body).toContain('<h1');
      }
    } finally {
      await postgres.start();
    }
    for (const instance of instances) await ready(instance);
    for (const proxy of proxies)
      expect((await httpsGet(proxy.port, '/posts/back', proxy.host)).status).toBe(200);
  });

  it('with one instance stopped, each answers every request from the other', async () => {
    const [stopped, left] = instances as [ServeProcess, ServeProcess];
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);
    const before = left.output().length;
    for (const proxy of proxies) {
      for (let i = 0; i < 10; i++) {
        const path = `/posts/stopped-${proxy.name}-${i}`;
        const page = await httpsGet(proxy.port, path, proxy.host);
        expect(page.status, `${proxy.name} ${path}`).toBe(200);
        const logged = () => left.output().slice(before).includes(`"url":"${path}"`);
        await until(logged, `${path} in the log of the instance left`);
      }
    }
  });
});

/** Resolves once `instance` has logged a health check it received after this call. */
function healthCheckedAfter(instance: ServeProcess): Promise<void> {
  const from = instance.output().length;
  return until(() => HEALTH_CHECK.test(instance.output().slice(from)), 'a health check');
}

/** Resolves once `instance`'s /readyz answers 200 again. */
function ready(instance: ServeProcess): Promise<void> {
  const url = `http://127.0.0.1:${instance.port}/readyz`;
  return until(async () => (await fetch(url)).ok, '/readyz to answer 200');
}

/** Resolves once `done` holds, checked every 50 ms, failing after 15 s. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited 15 s for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
