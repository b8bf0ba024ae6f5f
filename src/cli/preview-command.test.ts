import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../test/helpers/content-fixture.js';
import { verifyPreview } from '../server/preview/preview-token.js';
import { pageParams } from '../shared/paths.js';

// The built command, as a user runs it; `npm test` builds before it runs the tests.
if (!existsSync('dist/cli/main.js')) throw new Error('Run `npm run build` first');

function postfolio(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['bin/postfolio.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', PREVIEW_SECRET: '', PUBLIC_URL: '', ...env },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('postfolio preview', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pf-preview-cli-'));
  const env = { DATABASE_URL: join(dir, 'cli.db'), IMAGES_DIR: join(dir, 'images') };
  const content = writeContent({
    posts: [
      ...manyPosts(2, 'news', 'story'),
      {
        slug: 'my-draft',
        title: 'Mine',
        category: 'news',
        body: 'Soon.',
        date: '2025-01-09',
        draft: true,
      },
    ],
  });

  it('prints a signed link to a draft, valid 7 days unless --expires says otherwise', () => {
    expect(postfolio(['import', content], env).code).toBe(0);
    const started = Date.now();
    const run = postfolio(['preview', 'my-draft'], env);
    expect(run.code, run.err).toBe(0);
    const url = new URL(run.out.trim());
    expect(url.origin).toBe('https://fixture.example');
    const token = url.pathname.replace(/^\/preview\//, '');
    expect(run.err).toMatch(
      /^"my-draft" is a draft\. Anyone with the link can read it until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\n$/,
    );

    // Signed with the secret the command made and kept in the store.
    const db = new Database(env.DATABASE_URL, { readonly: true });
    const { secret } = db.prepare('SELECT secret FROM preview_secrets WHERE id = 1').get() as {
      secret: string;
    };
    db.close();
    const grant = verifyPreview(secret, token, Date.now());
    expect(grant?.slug).toBe('my-draft');
    const week = 7 * 86_400_000;
    expect(grant!.expiresAt).toBeGreaterThan(started + week - 2000);
    expect(grant!.expiresAt).toBeLessThanOrEqual(Date.now() + week);

    const short = postfolio(['preview', 'my-draft', '--expires', '2h'], {
      ...env,
      PUBLIC_URL: 'https://blog.example/',
    });
    expect(short.code).toBe(0);
    expect(short.out).toMatch(/^https:\/\/blog\.example\/preview\/[\w-]+\.[\w-]{43}\n$/);
    const later = verifyPreview(secret, new URL(short.out.trim()).pathname.slice(9), Date.now());
    expect(later!.expiresAt - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    expect(later!.expiresAt - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
  });

  it('signs with PREVIEW_SECRET when it is set', () => {
    const secret = 'an-owner-chosen-secret-of-32-characters';
    const run = postfolio(['preview', 'my-draft'], { ...env, PREVIEW_SECRET: secret });
    expect(run.code, run.err).toBe(0);
    const { token } = pageParams('preview', new URL(run.out.trim()).pathname)!;
    expect(verifyPreview(secret, token, Date.now())?.slug).toBe('my-draft');
  });

  it('refuses an unknown slug, a bad duration, a short secret and a missing slug in one line', () => {
    const unknown = postfolio(['preview', 'nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('postfolio: No post has the slug "nope"\n');
    const duration = postfolio(['preview', 'my-draft', '--expires', 'soon'], env);
    expect(duration.code).toBe(2);
    expect(duration.err).toContain('--expires takes a duration such as 7d, 12h or 30m');
    const secret = postfolio(['preview', 'my-draft'], { ...env, PREVIEW_SECRET: 'short' });
    expect(secret.code).toBe(1);
    expect(secret.err).toContain('PREVIEW_SECRET must be at least 32 characters');
    const missing = postfolio(['preview'], env);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('preview needs a post slug');
    for (const run of [unknown, duration, secret, missing])
      expect(run.err).not.toContain('    at ');
  });
});
