import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../test/helpers/content-fixture.js';
import { postfolioInProcess } from '../../test/helpers/postfolio-cli.js';
import { verifyPreview } from '../server/preview/preview-token.js';
import { pageParams } from '../shared/paths.js';

const postfolio = (args: string[], env: Record<string, string>) =>
  postfolioInProcess(args, { PREVIEW_SECRET: '', PUBLIC_URL: '', ...env });

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

  it('prints a signed link to a draft, valid 7 days unless --expires says otherwise', async () => {
    expect((await postfolio(['import', content], env)).code).toBe(0);
    const started = Date.now();
    const run = await postfolio(['preview', 'my-draft'], env);
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

    const short = await postfolio(['preview', 'my-draft', '--expires', '2h'], {
      ...env,
      PUBLIC_URL: 'https://blog.example/',
    });
    expect(short.code).toBe(0);
    expect(short.out).toMatch(/^https:\/\/blog\.example\/preview\/[\w-]+\.[\w-]{43}\n$/);
    const later = verifyPreview(secret, new URL(short.out.trim()).pathname.slice(9), Date.now());
    expect(later!.expiresAt - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    expect(later!.expiresAt - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
  });

  it('signs with PREVIEW_SECRET when it is set', async () => {
    const secret = 'an-owner-chosen-secret-of-32-characters';
    const run = await postfolio(['preview', 'my-draft'], { ...env, PREVIEW_SECRET: secret });
    expect(run.code, run.err).toBe(0);
    const { token } = pageParams('preview', new URL(run.out.trim()).pathname)!;
    expect(verifyPreview(secret, token, Date.now())?.slug).toBe('my-draft');
  });

  it('refuses an unknown slug, a bad duration, a short secret and a missing slug in one line', async () => {
    const unknown = await postfolio(['preview', 'nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('postfolio: No post has the slug "nope"\n');
    const duration = await postfolio(['preview', 'my-draft', '--expires', 'soon'], env);
    expect(duration.code).toBe(2);
    expect(duration.err).toContain('--expires takes a duration such as 7d, 12h or 30m');
    const secret = await postfolio(['preview', 'my-draft'], { ...env, PREVIEW_SECRET: 'short' });
    expect(secret.code).toBe(1);
    expect(secret.err).toContain('PREVIEW_SECRET must be at least 32 characters');
    const missing = await postfolio(['preview'], env);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('preview needs a post slug');
    for (const run of [unknown, duration, secret, missing])
      expect(run.err).not.toContain('    at ');
  });
});
