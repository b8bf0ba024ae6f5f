import { spawnSync } from 'node:child_process';
import { request } from 'node:https';
import { expect } from 'vitest';

/**
 * The proxies' files of deploy/ made runnable by a test (bench/lib/proxy-sites.js, which the
 * rehearsal bench uses too), and what the tests ask of them.
 */
export {
  caddySite,
  DEPLOY,
  nginxHttpSite,
  nginxHttpsSite,
  nginxMain,
  nginxTest,
  run,
  selfSignedCertificate,
  startCaddy,
  startNginx,
  tempDir,
  type RunningProxy,
} from '../../bench/lib/proxy-sites.js';

/** Fails, naming the tool, where it is missing: `.ci/run` installs every one the tests run. */
export function requireTool(tool: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  expect(found, `${tool} is not installed (.ci/run installs it)`).toBe(true);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over TLS to the proxy on `port` for `host`, accepting the test's certificate. */
export function httpsGet(port: number, path: string, host: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const options = { rejectUnauthorized: false, headers: { host }, agent: false as const };
    const req = request(`https://127.0.0.1:${port}${path}`, options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Status of a 100 KB POST to the contact API through the proxy on `port`. */
export function postBig(port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      `https://127.0.0.1:${port}/api/contact`,
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: { host, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end(JSON.stringify({ message: 'x'.repeat(100_000) }));
  });
}

/** Resolves once the proxy on `port` answers (any status), within 15 s. */
export async function answering(port: number, host: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await httpsGet(port, '/healthz', host);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
