import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
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

  it('refuses a file of gigabytes by its size, without reading it', () => {
    // Sparse: 3 GiB on paper, no disk used. Reading it whole would fail with Node's own
    // "file too large" error (over 2 GiB), which names no limit.
    const huge = join(dir, 'huge.md');
    writeFileSync(huge, raw);
    truncateSync(huge, 3 * 2 ** 30);
    expect(() => loadPostFile({ file: huge, path: 'posts/huge.md' })).toThrow(
      'posts/huge.md: is 3072 MB; a post file may be at most 4 MB',
    );
    rmSync(huge);
  });

  it('names a folder where a post file should be', () => {
    const folder = join(dir, 'folder.md');
    mkdirSync(folder);
    expect(() => loadPostFile({ file: folder, path: 'posts/folder.md' })).toThrow(
      /posts\/folder\.md.*cannot be read \(EISDIR\)/,
    );
  });
});
