import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../helpers/content-fixture.js';
import { freePort, startServe, type ServeProcess } from '../helpers/serve-process.js';

/**
 * The files of deploy/ checked by the tools that will read them (systemd, Caddy, nginx), and each
 * proxy run for real in front of the built server. `.ci/run` installs caddy and nginx; where a
 * tool is missing its checks are skipped, named.
 */
const DEPLOY = resolve('deploy');
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pf-deploy-'));
}

/** Resolves once `url` answers (any status), within 15 s. */
async function answering(url: string, get: (url: string) => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await get(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over TLS that accepts the test's self-signed certificate. */
function httpsGet(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(url, { rejectUnauthorized: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe.skipIf(!has('systemd-analyze'))('systemd units', () => {
  for (const unit of ['postfolio.service', 'postfolio-backup.service', 'postfolio-backup.timer']) {
    it(`${unit} verifies without a warning`, () => {
      const result = run('systemd-analyze', ['verify', join(DEPLOY, unit)]);
      expect(result.stderr + result.stdout).toBe('');
      expect(result.status).toBe(0);
    });
  }

  it('the service is hardened (exposure at most 2.0 of 10)', () => {
    const result = run('systemd-analyze', [
      'security',
      '--offline=true',
      '--threshold=20',
      join(DEPLOY, 'postfolio.service'),
    ]);
    expect(result.stdout).toMatch(/Overall exposure level for postfolio\.service: [01]\.\d/);
    expect(result.status).toBe(0);
  });

  it('runs serve with the heap bounds of npm start, reloads by SIGHUP and drains on SIGTERM', () => {
    const unit = readFileSync(join(DEPLOY, 'postfolio.service'), 'utf8');
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    const flags = start.match(/--[\w-]+=\S+/g) ?? [];
    expect(flags.length).toBeGreaterThan(0);
    const execStart = unit.match(/^ExecStart=(.*)$/m)?.[1] ?? '';
    for (const flag of flags) expect(execStart).toContain(flag);
    expect(execStart).toMatch(/ serve --workers \d/);
    expect(unit).toMatch(/^ExecReload=\/bin\/kill -HUP \$MAINPID$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    // Longer than the drain (8 s) plus closing the store.
    expect(Number(unit.match(/^TimeoutStopSec=(\d+)$/m)?.[1])).toBeGreaterThan(10);
  });
});

describe('proxies in front of the built server', () => {
  let server: ServeProcess;
  let work: string;
  let cert: string;
  let key: string;

  beforeAll(async () => {
    server = await startServe(manyPosts(3, 'news'));
    work = tempDir();
    cert = join(work, 'cert.pem');
    key = join(work, 'key.pem');
    const made = run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=example.com',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    expect(made.status, made.stderr).toBe(0);
  });

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it.skipIf(!has('caddy'))('the Caddyfile is valid, formatted, and proxies pages', async () => {
    const source = join(DEPLOY, 'Caddyfile');
    expect(run('caddy', ['validate', '--config', source, '--adapter', 'caddyfile']).status).toBe(0);
    expect(run('caddy', ['fmt', source]).stdout).toBe(readFileSync(source, 'utf8'));

    // The same site, on a test port with the test's certificate instead of an ACME one.
    const port = await freePort();
    const admin = await freePort();
    const config = join(work, 'Caddyfile');
    writeFileSync(
      config,
      `{\n\tadmin 127.0.0.1:${admin}\n\tauto_https disable_redirects\n\tstorage file_system ${work}\n}\n` +
        readFileSync(source, 'utf8')
          .replace(/^example\.com \{/m, `https://example.com:${port} {\n\ttls ${cert} ${key}`)
          .replace(/^www\.example\.com \{[\s\S]*$/m, '')
          .replace('127.0.0.1:3000', `127.0.0.1:${server.port}`)
          .replace('/var/log/caddy/', `${work}/`),
    );
    const caddy = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
      stdio: 'ignore',
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    });
    try {
      const url = `https://127.0.0.1:${port}/posts`;
      const get = () => httpsGet(url, { host: `example.com:${port}` });
      await answering(url, get);
      const page = await get();
      expect(page.status).toBe(200);
      expect(page.body).toContain('<h1');
      // The server's own headers pass through.
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      // The server's refusal of a large body reaches the client as it is.
      expect(await postBig(port, { host: `example.com:${port}` })).toBe(413);
    } finally {
      caddy.kill('SIGTERM');
    }
  });

  it.skipIf(!has('nginx'))('the nginx site is valid and proxies pages with HSTS', async () => {
    const port = await freePort();
    const plain = await freePort();
    const site = join(work, 'site.conf');
    writeFileSync(
      site,
      readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8')
        .replace('/etc/letsencrypt/live/example.com/fullchain.pem', cert)
        .replace('/etc/letsencrypt/live/example.com/privkey.pem', key)
        .replaceAll('/var/log/nginx/', `${work}/`)
        .replace('127.0.0.1:3000', `127.0.0.1:${server.port}`)
        .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
        .replace('listen 80;', `listen 127.0.0.1:${plain};`)
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`),
    );
    const main = join(work, 'nginx.conf');
    writeFileSync(
      main,
      `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\ndaemon off;\nevents {}\n` +
        `http {\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n` +
        `  include ${site};\n}\n`,
    );
    const test = run('nginx', ['-t', '-c', main, '-p', work]);
    expect(test.stderr).toContain('test is successful');
    const nginx = spawn('nginx', ['-c', main, '-p', work], { stdio: 'ignore' });
    try {
      const url = `https://127.0.0.1:${port}/posts`;
      const get = () => httpsGet(url, { host: 'example.com' });
      await answering(url, get);
      const page = await get();
      expect(page.status).toBe(200);
      expect(page.body).toContain('<h1');
      expect(page.headers['strict-transport-security']).toBe('max-age=63072000');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(await postBig(port, { host: 'example.com' })).toBe(413);
      const redirect = await fetch(`http://127.0.0.1:${plain}/posts?page=2`, {
        redirect: 'manual',
      });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get('location')).toBe('https://example.com/posts?page=2');
    } finally {
      nginx.kill('SIGQUIT');
    }
  });
});

/** Status of a 100 KB POST to the contact API through the proxy on `port`. */
function postBig(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      `https://127.0.0.1:${port}/api/contact`,
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: { ...headers, 'content-type': 'application/json' },
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

/** Every environment variable the server or the CLI reads, by name, from their sources. */
function variablesRead(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv, '([A-Z][A-Z0-9_]+)'/g))
          names.add((m[1] ?? m[2])!);
      }
    }
  };
  walk('src/server');
  walk('src/cli');
  return [...names].sort();
}

describe('the checklist of environment variables', () => {
  const read = variablesRead();
  const checklist = readFileSync('docs/deploy.md', 'utf8').split(
    '### Checklist of environment variables',
  )[1];
  const configurationTable = readFileSync('docs/configuration.md', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .join('\n');

  it('finds the variables the code reads', () => {
    expect(read).toEqual(expect.arrayContaining(['DATABASE_URL', 'TRUST_PROXY', 'PAGE_CACHE_MB']));
  });

  it('names every one in docs/deploy.md', () => {
    expect(checklist).toBeDefined();
    expect(read.filter((name) => !checklist!.includes(`\`${name}\``))).toEqual([]);
  });

  it('describes every one but the development settings in docs/configuration.md', () => {
    const development = ['WEB_DIR', 'POSTFOLIO_IMPORT_THREADS'];
    expect(
      read.filter(
        (name) => !development.includes(name) && !configurationTable.includes(`\`${name}\``),
      ),
    ).toEqual([]);
  });
});
