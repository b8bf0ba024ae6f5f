import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOY, requireTool, run } from './proxy-sites.js';

/**
 * The container files of deploy/. No Docker daemon runs here and no image registry is reachable,
 * so the image is not built by the suite: the Dockerfile is checked by dockerfile-utils (the
 * validator of VS Code's Docker support) and against what the deploy needs, compose.yaml by
 * `docker-compose config` (Debian's Compose; .ci/run installs it). docs/deploy.md says so.
 */
const dockerfile = readFileSync(join(DEPLOY, 'Dockerfile'), 'utf8');
/** The instructions, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, '')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'));
const stages = instructions
  .join('\n')
  .split(/^(?=FROM )/m)
  .filter((stage) => stage.startsWith('FROM '));
const final = stages.at(-1)!.split('\n');

describe('deploy/Dockerfile', () => {
  it('has no error or warning by dockerfile-utils, and is formatted', () => {
    expect(validate(dockerfile, {}).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual(
      [],
    );
    expect(format(dockerfile, { tabSize: 4, insertSpaces: true })).toEqual([]);
  });

  it('builds on Node 24, every stage on one Debian release', () => {
    expect(instructions).toContain('ARG NODE_VERSION=24');
    const bases = stages.map((stage) => stage.match(/^FROM (\S+)/)![1]!);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toMatch(/^node:\$\{NODE_VERSION\}-bookworm(-slim)?$/);
  });

  it('copies into the image only production dependencies and files that exist', () => {
    const omitted = stages.find((stage) => /^RUN npm ci --omit=dev\b/m.test(stage));
    const name = omitted?.match(/^FROM \S+ AS (\S+)/)?.[1];
    expect(name).toBeDefined();
    expect(final).toContain(`COPY --from=${name} /src/node_modules ./node_modules`);
    expect(final.filter((line) => /^COPY .*node_modules/.test(line))).toHaveLength(1);
    const fromContext = instructions.filter((line) => /^COPY (?!--from)/.test(line));
    for (const line of fromContext)
      for (const source of line.split(/\s+/).slice(1, -1))
        expect(existsSync(source), `${source} of "${line}"`).toBe(true);
  });

  it('has a font for the text of the link-preview cards it draws', () => {
    expect(final.find((line) => line.startsWith('RUN apt-get'))).toMatch(
      /install .*fonts-dejavu-core/,
    );
  });

  it('runs as a non-root user, checks /healthz, keeps its data in a volume', () => {
    const user = final.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    const health = final.find((line) => line.startsWith('HEALTHCHECK '));
    expect(health).toContain('/healthz');
    expect(final).toContain('VOLUME ["/data"]');
    const env = final.find((line) => line.startsWith('ENV '))!;
    expect(env).toContain('DATABASE_URL=/data/');
    expect(env).toContain('IMAGES_DIR=/data/');
  });

  it('starts serve with the heap bounds of npm start', () => {
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    const entrypoint = JSON.parse(
      final.find((line) => line.startsWith('ENTRYPOINT '))!.slice('ENTRYPOINT '.length),
    ) as string[];
    // npm start is `node <flags> scripts/start.js`.
    const flags = start.split(/\s+/).slice(1, -1);
    expect(flags.length).toBeGreaterThan(0);
    expect(entrypoint).toEqual(['node', ...flags, 'bin/postfolio.js']);
    expect(final).toContain('CMD ["serve", "--workers", "2"]');
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8'));
  const app = compose.services.postfolio;

  it('passes docker-compose config', () => {
    requireTool('docker-compose');
    const file = join(DEPLOY, 'compose.yaml');
    const checked = run('sh', [
      '-c',
      `POSTGRES_PASSWORD=secret docker-compose -f '${file}' config --quiet`,
    ]);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('refuses to start without a database password', () => {
    requireTool('docker-compose');
    const file = join(DEPLOY, 'compose.yaml');
    const checked = run('sh', [
      '-c',
      `env -u POSTGRES_PASSWORD docker-compose -f '${file}' config`,
    ]);
    expect(checked.status).not.toBe(0);
    expect(checked.stderr).toContain('set POSTGRES_PASSWORD');
  });

  it('builds this Dockerfile and runs it on PostgreSQL once that answers', () => {
    expect(join(DEPLOY, app.build.context, app.build.dockerfile)).toBe(join(DEPLOY, 'Dockerfile'));
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(compose.services.postgres.healthcheck.test).toContain('pg_isready');
    expect(app.depends_on.postgres.condition).toBe('service_healthy');
    expect(app.environment.DATABASE_URL).toMatch(/^postgres:\/\/postfolio:[^@]+@postgres:5432\//);
    expect(app.volumes).toContain('data:/data');
    // Longer than the drain on SIGTERM (DRAIN_TIMEOUT_MS, 8 s).
    expect(Number(app.stop_grace_period.replace(/s$/, ''))).toBeGreaterThan(10);
  });

  it('sets only settings the server knows', () => {
    const table = readFileSync('docs/configuration.md', 'utf8');
    for (const name of Object.keys(app.environment)) expect(table).toContain(`\`${name}\``);
  });
});
