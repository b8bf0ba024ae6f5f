import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEPLOY,
  nginxHttpsSite,
  nginxMain,
  nginxTest,
  requireTool,
  run,
  selfSignedCertificate,
  tempDir,
} from './proxy-sites.js';

/**
 * The files of deploy/ checked by the tools that will read them (systemd, Caddy, nginx); a
 * missing tool fails its tests (`.ci/run` installs each). proxies.test.ts runs the proxies in
 * front of the built server; container.test.ts checks the container files.
 */
const units = readdirSync(DEPLOY).filter((name) => /\.(service|timer)$/.test(name));
const services = units.filter((name) => name.endsWith('.service'));

describe('systemd units', () => {
  it('are all checked: the server, the backup and its timer', () => {
    expect(units).toEqual(
      expect.arrayContaining([
        'postfolio.service',
        'postfolio-backup.service',
        'postfolio-backup.timer',
      ]),
    );
  });

  for (const unit of units) {
    it(`${unit} verifies without a warning`, () => {
      requireTool('systemd-analyze');
      const result = run('systemd-analyze', ['verify', join(DEPLOY, unit)]);
      expect(result.stderr + result.stdout).toBe('');
      expect(result.status).toBe(0);
    });
  }

  for (const service of services) {
    it(`${service} is hardened (exposure at most 2.0 of 10)`, () => {
      requireTool('systemd-analyze');
      const result = run('systemd-analyze', [
        'security',
        '--offline=true',
        '--threshold=20',
        join(DEPLOY, service),
      ]);
      const level = result.stdout.match(/Overall exposure level for \S+: (\d+\.\d)/)?.[1];
      expect(Number(level), result.stdout.slice(-2000)).toBeLessThanOrEqual(2);
      expect(result.status).toBe(0);
    });
  }

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

describe('proxy configurations', () => {
  it('the Caddyfile is valid and formatted, and health-checks liveness, not readiness', () => {
    requireTool('caddy');
    const source = join(DEPLOY, 'Caddyfile');
    const validated = run('caddy', ['validate', '--config', source, '--adapter', 'caddyfile']);
    expect(validated.status, validated.stderr.slice(-2000)).toBe(0);
    expect(run('caddy', ['fmt', source]).stdout).toBe(readFileSync(source, 'utf8'));
    // Every instance shares the database: /readyz would take them all out together.
    expect(readFileSync(source, 'utf8')).toMatch(/^\s*health_uri \/healthz$/m);
  });

  it('nginx starts on the HTTP stage alone, before certbot has written a certificate', () => {
    requireTool('nginx');
    const work = tempDir();
    const test = nginxTest(work, nginxMain(work, [join(DEPLOY, 'nginx-http.conf')]));
    expect(test.output).toContain('test is successful');
    expect(test.ok).toBe(true);
  });

  it('nginx passes with both stages once the certificates exist', () => {
    requireTool('nginx');
    const work = tempDir();
    const https = nginxHttpsSite(
      work,
      { https: 443, upstreams: [3000] },
      selfSignedCertificate(work),
    );
    const test = nginxTest(work, nginxMain(work, [join(DEPLOY, 'nginx-http.conf'), https]));
    expect(test.output).toContain('test is successful');
    expect(test.ok).toBe(true);
  });

  it('docs/deploy.md tells certbot the webroot the HTTP stage serves its challenges from', () => {
    const site = readFileSync(join(DEPLOY, 'nginx-http.conf'), 'utf8');
    const root = site.match(/acme-challenge\/ \{\s*root (\S+);/)?.[1];
    expect(root).toBeDefined();
    expect(readFileSync('docs/deploy.md', 'utf8')).toContain(
      `certbot certonly --webroot -w ${root}`,
    );
  });
});

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
