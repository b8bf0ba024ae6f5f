import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

/**
 * The proxies' files of deploy/ made runnable by a test: the same sites on test ports, with a
 * self-signed certificate, logs in a temporary folder, and the instances the test started as
 * upstreams. Everything else is the shipped text, so a change to it is what the tests run.
 */
export const DEPLOY = resolve('deploy');

export const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

/** Fails, naming the tool, where it is missing: `.ci/run` installs every one the tests run. */
export function requireTool(tool: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  expect(found, `${tool} is not installed (.ci/run installs it)`).toBe(true);
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pf-deploy-'));
}

/** A certificate for example.com, as certbot would have written it, in `dir`. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = run('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=example.com'],
    ...['-days', '1', '-keyout', key, '-out', cert],
  ]);
  expect(made.status, made.stderr).toBe(0);
  return { cert, key };
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

/** A running proxy: the `host` its HTTPS site answers for, on `port`. */
export interface RunningProxy {
  name: string;
  port: number;
  host: string;
  child: ChildProcess;
  stop(): void;
}

/** deploy/Caddyfile on `port`, in front of the instances on `upstreams`. */
export function caddySite(
  work: string,
  ports: { https: number; admin: number; upstreams: number[] },
  tls: { cert: string; key: string },
): string {
  const config = join(work, 'Caddyfile');
  const upstreams = ports.upstreams.map((port) => `127.0.0.1:${port}`).join(' ');
  writeFileSync(
    config,
    `{\n\tadmin 127.0.0.1:${ports.admin}\n\tauto_https disable_redirects\n\tstorage file_system ${work}\n}\n` +
      readFileSync(join(DEPLOY, 'Caddyfile'), 'utf8')
        .replace(
          /^example\.com \{/m,
          `https://example.com:${ports.https} {\n\ttls ${tls.cert} ${tls.key}`,
        )
        .replace(/^www\.example\.com \{[\s\S]*$/m, '')
        .replace('reverse_proxy 127.0.0.1:3000 {', `reverse_proxy ${upstreams} {`)
        .replace('/var/log/caddy/', `${work}/`),
  );
  return config;
}

export function startCaddy(work: string, config: string, port: number): RunningProxy {
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    stdio: 'ignore',
    env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
  });
  return { name: 'Caddy', port, host: `example.com:${port}`, child, stop: () => child.kill() };
}

/** deploy/nginx-http.conf listening on `port` of 127.0.0.1. */
export function nginxHttpSite(work: string, port: number): string {
  const site = join(work, 'http.conf');
  writeFileSync(
    site,
    readFileSync(join(DEPLOY, 'nginx-http.conf'), 'utf8')
      .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
      .replace('listen 80;', `listen 127.0.0.1:${port};`),
  );
  return site;
}

/**
 * deploy/nginx-https.conf on `port` of 127.0.0.1, with the test's certificate where certbot's
 * would be, in front of the instances on `upstreams`.
 */
export function nginxHttpsSite(
  work: string,
  ports: { https: number; upstreams: number[] },
  tls: { cert: string; key: string },
): string {
  const site = join(work, 'https.conf');
  const servers = (_line: string, head: string, tail: string) =>
    ports.upstreams.map((port) => `${head}127.0.0.1:${port}${tail}`).join('\n');
  writeFileSync(
    site,
    readFileSync(join(DEPLOY, 'nginx-https.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/example.com/fullchain.pem', tls.cert)
      .replace('/etc/letsencrypt/live/example.com/privkey.pem', tls.key)
      .replaceAll('/var/log/nginx/', `${work}/`)
      .replace(/^( +server )127\.0\.0\.1:3000( [^;]*;)$/m, servers)
      .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`),
  );
  return site;
}

/** A main configuration of the test's own (pid, logs, temporary files in `work`) with `sites`. */
export function nginxMain(work: string, sites: string[]): string {
  const main = join(work, 'nginx.conf');
  writeFileSync(
    main,
    `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\ndaemon off;\nevents {}\n` +
      `http {\n  access_log ${work}/access.log;\n  client_body_temp_path ${work}/body;\n` +
      `  proxy_temp_path ${work}/proxy;\n` +
      sites.map((site) => `  include ${site};\n`).join('') +
      '}\n',
  );
  return main;
}

/** `nginx -t` of the main configuration: what it printed, and whether it passed. */
export function nginxTest(work: string, main: string): { ok: boolean; output: string } {
  const test = run('nginx', ['-t', '-c', main, '-p', work]);
  return { ok: test.status === 0, output: test.stderr };
}

export function startNginx(work: string, main: string, port: number): RunningProxy {
  const child = spawn('nginx', ['-c', main, '-p', work], { stdio: 'ignore' });
  return { name: 'nginx', port, host: 'example.com', child, stop: () => child.kill('SIGQUIT') };
}
