import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentVersion } from '../../../test/helpers/db-dump.js';
import { postFile, writeContent, type FixturePost } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { DevImporter } from './dev-import.js';

const post = (slug: string, title: string): FixturePost => ({
  slug,
  title,
  category: 'news',
  body: `The body of ${slug}.`,
  date: '2025-03-01',
});

/** Front matter whose line 2 is not YAML: the problem is on line 2 of the file. */
const BROKEN_YAML = '---\ntitle: A\n  bad: : x\nslug: alpha\n---\n\nBody\n';

describe.each(ENGINES)('dev imports (%s)', (engine) => {
  let test: TestStore;
  let content: string;
  let work: string;
  let importer: DevImporter;

  const titles = async () =>
    Object.fromEntries(
      (await test.store.db.selectFrom('posts').select(['slug', 'title']).execute()).map((p) => [
        p.slug,
        p.title,
      ]),
    );
  const siteTitle = async () => {
    const row = await test.store.db
      .selectFrom('content_state')
      .select('site_json')
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.site_json!) as { site: { title: string } }).site.title;
  };
  const save = (path: string, text: string) => writeFileSync(join(content, path), text);

  beforeEach(async () => {
    test = await createTestStore(engine);
    content = writeContent({ posts: [post('alpha', 'Alpha'), post('beta', 'Beta')] });
    work = mkdtempSync(join(tmpdir(), 'postfolio-dev-test-'));
    importer = new DevImporter(test.store, {
      contentDir: content,
      workDir: work,
      imagesDir: join(work, 'images'),
    });
    const first = await importer.run();
    expect(first.problems).toEqual([]);
    expect(await titles()).toEqual({ alpha: 'Alpha', beta: 'Beta' });
  });

  afterEach(async () => {
    await test.drop();
    rmSync(content, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('imports a saved post and moves the content version; an unchanged folder moves nothing', async () => {
    const before = await contentVersion(test.store);
    save('posts/alpha.md', postFile(post('alpha', 'Alpha, edited')));
    const result = await importer.run();
    expect(result.touched).toEqual(['posts/alpha.md']);
    expect(result.summary).toMatchObject({ updated: 1, created: 0, deleted: 0 });
    expect(await titles()).toEqual({ alpha: 'Alpha, edited', beta: 'Beta' });
    const after = await contentVersion(test.store);
    expect(after).toBeGreaterThan(before);
    const again = await importer.run();
    expect(again.touched).toEqual([]);
    expect(await contentVersion(test.store)).toBe(after);
  });

  it('removes the post of a deleted or renamed file', async () => {
    unlinkSync(join(content, 'posts/beta.md'));
    save('posts/gamma.md', postFile(post('gamma', 'Gamma')));
    unlinkSync(join(content, 'posts/alpha.md'));
    save('posts/alpha-renamed.md', postFile(post('alpha', 'Alpha')));
    const result = await importer.run();
    expect(result.problems).toEqual([]);
    expect(await titles()).toEqual({ alpha: 'Alpha', gamma: 'Gamma' });
  });

  it('keeps the last good version of a broken post, names its file and line, and imports the rest', async () => {
    save('posts/alpha.md', BROKEN_YAML);
    save('posts/beta.md', postFile(post('beta', 'Beta, edited')));
    save('posts/new.md', postFile({ ...post('new', 'New'), category: 'nowhere' }));
    const result = await importer.run();
    expect(result.problems).toEqual([
      expect.objectContaining({ file: 'posts/alpha.md', line: 2 }),
      expect.objectContaining({
        file: 'posts/new.md',
        problem: expect.stringContaining('nowhere'),
      }),
    ]);
    expect(result.problems[0]!.problem).toMatch(/YAML/);
    // alpha keeps its last good title, beta's edit shows, the never-good new post is left out.
    expect(await titles()).toEqual({ alpha: 'Alpha', beta: 'Beta, edited' });

    // Still broken a round later (another file saved): still reported, still the good version.
    save('posts/beta.md', postFile(post('beta', 'Beta, twice')));
    const later = await importer.run();
    expect(later.problems.map((p) => p.file)).toEqual(['posts/alpha.md', 'posts/new.md']);
    expect(await titles()).toEqual({ alpha: 'Alpha', beta: 'Beta, twice' });

    // Fixed: the notice goes, the new version shows.
    save('posts/alpha.md', postFile(post('alpha', 'Alpha, fixed')));
    unlinkSync(join(content, 'posts/new.md'));
    const fixed = await importer.run();
    expect(fixed.problems).toEqual([]);
    expect(await titles()).toEqual({ alpha: 'Alpha, fixed', beta: 'Beta, twice' });
  });

  it('keeps the last good site.yaml while it is broken', async () => {
    const good = readFileSync(join(content, 'site.yaml'), 'utf8');
    save('site.yaml', good.replace('title: Fixture Site', 'title: [Fixture'));
    save('posts/beta.md', postFile(post('beta', 'Beta, edited')));
    const result = await importer.run();
    expect(result.problems).toEqual([expect.objectContaining({ file: 'site.yaml' })]);
    expect(result.problems[0]!.line).toBeGreaterThan(0);
    expect(await siteTitle()).toBe('Fixture Site');
    expect(await titles()).toEqual({ alpha: 'Alpha', beta: 'Beta, edited' });

    save('site.yaml', good.replace('title: Fixture Site', 'title: Renamed Site'));
    expect((await importer.run()).problems).toEqual([]);
    expect(await siteTitle()).toBe('Renamed Site');
  });

  it('shows the last good site when a deleted image is still used, until it is back', async () => {
    unlinkSync(join(content, 'images/cover.svg'));
    save('posts/beta.md', postFile(post('beta', 'Beta, edited')));
    const result = await importer.run();
    expect(result.problems.map((p) => p.file).sort()).toEqual(['posts/alpha.md', 'posts/beta.md']);
    expect(await titles()).toEqual({ alpha: 'Alpha', beta: 'Beta' });
  });

  it('never copies a symbolic link: it is named as the import names it', async () => {
    symlinkSync('/etc/hostname', join(content, 'posts', 'linked.md'));
    const result = await importer.run();
    expect(result.problems).toEqual([
      expect.objectContaining({
        file: 'posts/linked.md',
        problem: expect.stringMatching(/symbolic link/),
      }),
    ]);
    expect(await titles()).toEqual({ alpha: 'Alpha', beta: 'Beta' });
  });

  it("imports a saved theme.css, its warnings named by the site folder's path and line", async () => {
    save('theme.css', ':root { --radius: 0; }\n:focus { outline: none; }\n');
    const result = await importer.run();
    expect(result.problems).toEqual([]);
    expect(result.touched).toEqual(['theme.css']);
    expect(result.summary?.warnings).toEqual([
      expect.stringMatching(/^theme\.css:2: ":focus" hides the focus outline/),
    ]);
    const row = await test.store.db
      .selectFrom('content_state')
      .select('theme_css')
      .executeTakeFirstOrThrow();
    expect(row.theme_css).toContain('--radius: 0');
  });
});
