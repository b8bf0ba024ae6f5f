import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  newsPost,
  postFile,
  writeContent,
  type FixturePost,
} from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { PostMovesRepository } from '../posts/post-moves.repository.js';
import { ImportError, importContent } from './import.service.js';

/** A post file with `aliases` in its front matter, written as `posts/<file>.md`. */
function writePost(dir: string, file: string, fields: FixturePost, aliases?: string[]) {
  const text = postFile(fields);
  const withAliases = aliases
    ? text.replace(/^---\n/, `---\naliases: ${JSON.stringify(aliases)}\n`)
    : text;
  writeFileSync(join(dir, 'posts', `${file}.md`), withAliases);
}

describe.each(ENGINES)('old slugs on %s', (engine) => {
  let test: TestStore;
  let dir: string;
  let imagesDir: string;
  const run = (prune = false) =>
    importContent(test.store, { contentDir: dir, imagesDir, prune: prune || undefined });
  const find = (slug: string) => new PostMovesRepository(test.store.db).find(slug);
  const postId = async (slug: string) =>
    (
      await test.store.db
        .selectFrom('posts')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst()
    )?.id;
  const refusal = async (prune = false) => {
    const error = await run(prune).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    return (error as ImportError).message;
  };

  beforeEach(async () => {
    test = await createTestStore(engine);
    dir = writeContent({ posts: [newsPost('first'), newsPost('second')] });
    imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
  });
  afterEach(async () => {
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(imagesDir, { recursive: true, force: true });
  });

  it('front-matter aliases lead to the post; dropping one from the file forgets it', async () => {
    writePost(dir, 'first', newsPost('first'), ['first-draft-title', 'old-first']);
    await run();
    expect(await find('first-draft-title')).toEqual({ kind: 'alias', slug: 'first' });
    expect(await find('old-first')).toEqual({ kind: 'alias', slug: 'first' });
    expect(await find('second')).toBeUndefined();
    writePost(dir, 'first', newsPost('first'), ['old-first']);
    await run();
    expect(await find('first-draft-title')).toBeUndefined();
    expect(await find('old-first')).toEqual({ kind: 'alias', slug: 'first' });
  });

  it('a slug changed between two imports of one file leads on, keeping the post and its id', async () => {
    await run();
    const id = await postId('first');
    writePost(dir, 'first', newsPost('renamed-once'));
    const summary = await run();
    expect(summary).toMatchObject({ created: 0, updated: 1 });
    expect(await postId('renamed-once')).toBe(id);
    expect(await postId('first')).toBeUndefined();
    expect(await find('first')).toEqual({ kind: 'alias', slug: 'renamed-once' });
    writePost(dir, 'first', newsPost('renamed-twice'));
    await run();
    expect(await postId('renamed-twice')).toBe(id);
    expect(await find('first')).toEqual({ kind: 'alias', slug: 'renamed-twice' });
    expect(await find('renamed-once')).toEqual({ kind: 'alias', slug: 'renamed-twice' });
    // Back to the first slug: it is the post's again, and the others lead to it.
    writePost(dir, 'first', newsPost('first'));
    await run();
    expect(await postId('first')).toBe(id);
    expect(await find('first')).toBeUndefined();
    expect(await find('renamed-twice')).toEqual({ kind: 'alias', slug: 'first' });
  });

  it('an old slug of a renamed file gives way to a new post that takes it', async () => {
    await run();
    writePost(dir, 'first', newsPost('first-renamed'));
    await run();
    writePost(dir, 'newcomer', newsPost('first'));
    await run();
    expect(await find('first')).toBeUndefined();
    expect(await postId('first')).not.toBe(await postId('first-renamed'));
  });

  it('refuses an alias that is a live slug, a reserved route, malformed or listed twice', async () => {
    writePost(dir, 'first', newsPost('first'), ['second']);
    expect(await refusal()).toContain(
      'posts/first.md: alias "second" is the slug of posts/second.md',
    );
    writePost(dir, 'first', newsPost('first'), ['resume']);
    expect(await refusal()).toMatch(/posts\/first\.md: alias "resume" "resume" is reserved/);
    writePost(dir, 'first', newsPost('first'), ['Not A Slug']);
    expect(await refusal()).toMatch(/posts\/first\.md: alias "Not A Slug" must be lowercase/);
    writePost(dir, 'first', newsPost('first'), ['first']);
    expect(await refusal()).toContain('alias "first" is the post\'s own slug');
    writePost(dir, 'first', newsPost('first'), ['shared-old']);
    writePost(dir, 'second', newsPost('second'), ['shared-old']);
    expect(await refusal()).toContain(
      'posts/second.md: alias "shared-old" is already an alias of posts/first.md',
    );
    expect(await find('shared-old')).toBeUndefined();
  });

  it('refuses an alias or a slug that an unchanged file already holds as an alias', async () => {
    writePost(dir, 'first', newsPost('first'), ['taken-old']);
    await run();
    writePost(dir, 'second', newsPost('second'), ['taken-old']);
    expect(await refusal()).toContain(
      'posts/second.md: alias "taken-old" is already an alias of posts/first.md',
    );
    writePost(dir, 'second', newsPost('second'));
    writePost(dir, 'third', newsPost('taken-old'));
    expect(await refusal()).toContain(
      'posts/third.md: slug "taken-old" is already an alias of posts/first.md',
    );
    expect(await find('taken-old')).toEqual({ kind: 'alias', slug: 'first' });
  });

  it('a stale post keeps its slug until pruned; then an alias may take it', async () => {
    await run();
    rmSync(join(dir, 'posts', 'second.md'));
    writePost(dir, 'first', newsPost('first'), ['second']);
    expect(await refusal()).toContain('import with --prune to remove it');
    await run(true);
    expect(await find('second')).toEqual({ kind: 'alias', slug: 'first' });
  });

  it('a pruned post is gone with its aliases, a draft leaves nothing; a new post revives the slug', async () => {
    writePost(dir, 'second', newsPost('second'), ['second-old']);
    writePost(dir, 'draft', newsPost('draft-post', { draft: true }));
    await run();
    for (const file of ['second', 'draft']) rmSync(join(dir, 'posts', `${file}.md`));
    expect(await run(true)).toMatchObject({ deleted: 2 });
    expect(await find('second')).toEqual({ kind: 'gone' });
    expect(await find('second-old')).toEqual({ kind: 'gone' });
    expect(await find('draft-post')).toBeUndefined();
    writePost(dir, 'back', newsPost('second'));
    await run(true);
    expect(await find('second')).toBeUndefined();
    expect(await postId('second')).toBeDefined();
    writePost(dir, 'first', newsPost('first'), ['second-old']);
    await run(true);
    expect(await find('second-old')).toEqual({ kind: 'alias', slug: 'first' });
  });

  it('a refused import writes no alias, rename or removal', async () => {
    await run();
    writePost(dir, 'first', newsPost('first-new'), ['first-alias']);
    writePost(dir, 'second', newsPost('second', { category: 'nope' }));
    await refusal(true);
    expect(await postId('first')).toBeDefined();
    expect(await find('first')).toBeUndefined();
    expect(await find('first-alias')).toBeUndefined();
  });
});
