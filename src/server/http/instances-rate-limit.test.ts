import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { startServe, type ServeProcess } from '../../../test/helpers/serve-process.js';
import { createTestStore, type TestStore } from '../../../test/helpers/stores.js';
import { importContent } from '../content/import.service.js';
import { apiPath } from '../../shared/paths.js';

const POSTS = manyPosts(3, 'news');
const CLIENT = '203.0.113.7';
const ANOTHER_CLIENT = '203.0.113.8';

/** One attempt from `client` as the proxy in front of the instances reports it. */
async function attempt(serve: ServeProcess, path: string, body: object, client: string) {
  const answer = await fetch(`http://127.0.0.1:${serve.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** `max` attempts of CLIENT handed round-robin to the instances, then one more to each. */
async function spendAcross(instances: ServeProcess[], path: string, body: object, max: number) {
  const statuses: number[] = [];
  for (let n = 0; n < max; n++)
    statuses.push(await attempt(instances[n % instances.length]!, path, body, CLIENT));
  for (const serve of instances) statuses.push(await attempt(serve, path, body, CLIENT));
  return statuses;
}

describe('three serve instances on one PostgreSQL store, one of two workers', () => {
  let test: TestStore | undefined;
  const instances: ServeProcess[] = [];
  afterAll(async () => {
    for (const serve of instances) serve.child.kill('SIGKILL');
    await Promise.all(instances.map((serve) => serve.exited));
    await test?.drop();
  });

  it('count one limit per client across them', async () => {
    test = await createTestStore('postgres');
    // The content is in the store before the instances start, so that none of them imports it.
    const contentDir = writeContent({ posts: POSTS });
    const imagesDir = mkdtempSync(join(tmpdir(), 'pf-images-'));
    await importContent(test.store, { contentDir, imagesDir });
    const env = {
      DATABASE_URL: test.url,
      CONTENT_DIR: contentDir,
      IMAGES_DIR: imagesDir,
      TRUST_PROXY: '1',
      EMPLOYER_EMAIL: 'hiring@example.com',
      CONTACT_ENABLED: 'true',
      LOG_LEVEL: 'warn',
    };
    // One of them with two workers, which count in the store as lone processes do.
    const started = await Promise.all(
      [['--workers', '2'], [], []].map((args) => startServe(POSTS, args, env)),
    );
    instances.push(...started);
    // Counted per instance, each would have seen 3 or 4 of the attempts and admit more.
    const check = { email: 'guess@example.com' };
    const checks = await spendAcross(started, apiPath.employerCheck(), check, 10);
    expect(checks).toEqual([...Array(10).fill(200), 429, 429, 429]);
    for (const serve of started)
      expect(await attempt(serve, apiPath.employerCheck(), check, ANOTHER_CLIENT)).toBe(200);

    const message = { name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello' };
    const sent = await spendAcross(started, apiPath.contact(), message, 5);
    expect(sent).toEqual([...Array(5).fill(201), 429, 429, 429]);
    expect(await attempt(started[2]!, apiPath.contact(), message, ANOTHER_CLIENT)).toBe(201);
  }, 60_000);
});
