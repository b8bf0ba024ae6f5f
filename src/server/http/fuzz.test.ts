import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { contractProblems, decodedBody } from '../../../test/helpers/error-contract.js';
import { FuzzRandom } from '../../../test/helpers/fuzz-random.js';
import { rawFuzzRequest } from '../../../test/helpers/fuzz-raw-requests.js';
import { fuzzRequest, injectedUrl } from '../../../test/helpers/fuzz-requests.js';
import { rawRequest } from '../../../test/helpers/raw-http.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';

// FUZZ_SEED reproduces a failing run; FUZZ_COUNT and FUZZ_RAW_COUNT make it longer.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_523);
const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const RAW_COUNT = Number(process.env.FUZZ_RAW_COUNT ?? 400);
const IN_FLIGHT = 16;

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const describeRequest = (r: InjectOptions) =>
  `${r.method} ${String(r.url).slice(0, 300)}${r.payload === undefined ? '' : ` body ${String(typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload)).slice(0, 200)}`}`;

describe.each(ENGINES)('fuzzing every route on %s', (engine) => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await webHarness(engine, {
      posts: manyPosts(15, 'news', 'story'),
      env: { CONTACT_ENABLED: '1', EMPLOYER_EMAIL: 'boss@example.com' },
    });
  });
  afterAll(() => h?.close());

  it(`keeps the error contract for ${COUNT} generated requests (seed ${SEED})`, async () => {
    const random = new FuzzRandom(SEED);
    const requests = Array.from({ length: COUNT }, () => fuzzRequest(random));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    await pool(requests, IN_FLIGHT, async (request, index) => {
      const res = await h.app.inject(request);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const problems = contractProblems({
        method: request.method as string,
        path: injectedUrl(String(request.url))!.pathname,
        statusCode: res.statusCode,
        headers: res.headers,
        body: decodedBody(res.rawPayload, res.headers['content-encoding']),
      });
      if (problems.length && failures.length < 20)
        failures.push(
          `#${index} ${describeRequest(request)} → ${res.statusCode}: ${problems.join('; ')}`,
        );
    });
    expect(failures).toEqual([]);
    // The run reached the routes, not only the error paths.
    expect(statuses.get(200)).toBeGreaterThan(COUNT / 20);
    expect(statuses.get(400)).toBeGreaterThan(COUNT / 20);
    expect(statuses.get(404)).toBeGreaterThan(COUNT / 20);
  }, 60_000);

  it(`keeps it for ${RAW_COUNT} raw requests through the HTTP parser and the cache in front`, async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    const random = new FuzzRandom(SEED + 1);
    const requests = Array.from({ length: RAW_COUNT }, () => rawFuzzRequest(random));
    const failures: string[] = [];
    await pool(requests, IN_FLIGHT, async (request, index) => {
      const answer = await rawRequest(port, request.bytes);
      const label = `#${index} ${JSON.stringify(request.bytes.toString('latin1').slice(0, 200))}`;
      if (!answer) {
        if (failures.length < 20) failures.push(`${label}: no answer`);
        return;
      }
      const problems = contractProblems({ method: request.method, path: request.path, ...answer });
      if (problems.length && failures.length < 20)
        failures.push(`${label} → ${answer.statusCode}: ${problems.join('; ')}`);
    });
    expect(failures).toEqual([]);
  }, 60_000);
});
