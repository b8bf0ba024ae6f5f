/**
 * Hostile values the content import must refuse rather than store: script-running and off-site
 * URLs in the URL fields of site.yaml and a post's image, and NUL characters. Each is refused
 * through the CLI with a message naming the files and fields, a non-zero exit and no stack trace.
 * The imports run in this process, one after another (src/cli/run.ts): what a process of its own
 * shows (its exit status, its streams) is cli.test.ts's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postfolioInProcess, type CliRun } from '../helpers/postfolio-cli.js';
import { URL_FIELDS, writeNulProbe, writeUrlProbe } from './helpers/content-probes.js';
import { pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../helpers/stores.js';

/** Runs the CLI's import of a probe folder into a fresh store of the engine, then cleans up. */
async function importProbe(
  engine: 'sqlite' | 'postgres',
  write: (dir: string) => void,
): Promise<CliRun> {
  const dir = mkdtempSync(join(tmpdir(), 'postfolio-xss-probe-'));
  const name = uniqueDatabase('postfolio_refusal');
  if (engine === 'postgres') await pgAdmin(`CREATE DATABASE ${name}`);
  try {
    write(join(dir, 'content'));
    return await postfolioInProcess(['import', join(dir, 'content')], {
      DATABASE_URL: engine === 'postgres' ? pgDatabaseUrl(name) : join(dir, 'store.db'),
      IMAGES_DIR: join(dir, 'images'),
    });
  } finally {
    if (engine === 'postgres') await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A refusal as a person should see it: a non-zero exit, the files named, no stack trace. */
function expectRefused(run: CliRun, files: string[]): void {
  const output = `${run.out}${run.err}`;
  expect(run.code, output).not.toBe(0);
  expect(run.code, output).not.toBeNull();
  expect(run.err, 'no stack trace').not.toMatch(/^\s+at /m);
  for (const file of files) expect(run.err, output).toContain(file);
}

/**
 * Script-running and off-site URLs in the URL fields of site.yaml and as a post's image: the
 * import must refuse them, naming the files and every field. `strict` marks the values that the
 * first URL pattern (`^(https?://|/|mailto:)`) let through; the strict validation (https?:// or
 * a path under a single /) that refuses them was written while this corpus was.
 */
const HOSTILE_URLS: { url: string; strict?: boolean }[] = [
  { url: 'javascript:alert(1)' },
  { url: 'JavaScript:alert(1)' },
  { url: ' javascript:alert(1)' },
  { url: '\tjavascript:alert(1)' },
  { url: 'java\nscript:alert(1)' },
  { url: '&#106;avascript:alert(1)' },
  { url: 'javascript&colon;alert(1)' },
  { url: 'vbscript:msgbox(1)' },
  { url: 'data:text/html,<script>alert(1)</script>' },
  { url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
  { url: 'file:///etc/passwd' },
  { url: '\\\\xss.example\\x' },
  { url: 'https:xss.example' },
  { url: '//xss.example/', strict: true },
  { url: '///xss.example/', strict: true },
  { url: '/\\xss.example/', strict: true },
  { url: '/\t/xss.example/', strict: true },
  { url: '/\n/xss.example/', strict: true },
  { url: '/\r/xss.example/', strict: true },
];

describe('hostile URLs in site.yaml and front matter', () => {
  for (const { url, strict } of HOSTILE_URLS)
    it(`${strict ? '[strict validation] ' : ''}refuses ${JSON.stringify(url)}`, async () => {
      const run = await importProbe('sqlite', (dir) => writeUrlProbe(dir, url));
      expectRefused(run, ['site.yaml', 'probe.md']);
      // Each field on a line of its own: `site.yaml:4: site.url "…" is not …`.
      for (const field of URL_FIELDS) expect(run.err, field).toContain(`: ${field} "`);
    }, 30_000);
});

describe('a NUL character in site.yaml and a post', () => {
  // In site.yaml, one failed PostgreSQL's import with a driver error and a stack trace, and
  // SQLite stored it; in a post file, both engines refused it.
  for (const engine of ['sqlite', 'postgres'] as const)
    it(`is refused on ${engine}, naming the files`, async () => {
      expectRefused(await importProbe(engine, writeNulProbe), ['site.yaml', 'probe.md', 'raw.md']);
    }, 30_000);
});
