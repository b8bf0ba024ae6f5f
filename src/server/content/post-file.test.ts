import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postFile } from '../../../test/helpers/content-fixture.js';
import { ContentFileError, loadPostFile, MAX_POST_BYTES, sourceHash } from './post-file.js';

const dir = mkdtempSync(join(tmpdir(), 'postfolio-post-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const raw = postFile({
  slug: 'otters',
  title: 'Otters',
  category: 'news',
  body: 'Otters *hold hands* while they sleep.',
  date: '2024-03-01',
});
const file = join(dir, 'otters.md');
writeFileSync(file, raw);

describe('loadPostFile', () => {
  it('reads, hashes and parses a post', () => {
    const loaded = loadPostFile({ file, path: 'posts/otters.md' });
    expect(loaded.hash).toBe(sourceHash(raw));
    expect(loaded.post?.slug).toBe('otters');
    expect(loaded.post?.html).toContain('<em>hold hands</em>');
  });

  it('skips parsing when the file still has the hash the store knows', () => {
    const loaded = loadPostFile({ file, path: 'posts/otters.md', knownHash: sourceHash(raw) });
    expect(loaded).toEqual({ hash: sourceHash(raw) });
    const changed = loadPostFile({ file, path: 'posts/otters.md', knownHash: 'an-older-hash' });
    expect(changed.post?.title).toBe('Otters');
  });

  it('names the file and the problem when it cannot be read', () => {
    const missing = () => loadPostFile({ file: join(dir, 'gone.md'), path: 'posts/gone.md' });
    expect(missing).toThrow(ContentFileError);
    expect(missing).toThrow(/posts\/gone\.md.*cannot be read \(ENOENT\)/);
  });

  it('refuses a file over the size limit by name, before parsing it', () => {
    const big = join(dir, 'big.md');
    writeFileSync(big, raw + 'x'.repeat(MAX_POST_BYTES));
    const load = () => loadPostFile({ file: big, path: 'posts/big.md' });
    expect(load).toThrow(ContentFileError);
    expect(load).toThrow('posts/big.md: is 4.1 MB; a post file may be at most 4 MB');
    writeFileSync(big, raw + 'x'.repeat(MAX_POST_BYTES - raw.length - 1));
    expect(loadPostFile({ file: big, path: 'posts/big.md' }).post?.slug).toBe('otters');
  });
});
