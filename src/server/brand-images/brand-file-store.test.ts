import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrandFileStore } from './brand-file-store.js';

describe('the brand files on disk', () => {
  const files = (names: string[]) => async () =>
    new Map(names.map((name) => [name, Buffer.from(`bytes of ${name}`)]));

  it('draws a group once when several ask at once, and not again once its files are there', async () => {
    const store = new BrandFileStore(mkdtempSync(join(tmpdir(), 'pf-brand-store-')));
    const names = ['a.png', 'b.png'];
    const [first, second] = await Promise.all([
      store.ensure('brand', names, files(names)),
      store.ensure('brand', names, files(names)),
    ]);
    expect(store.drawn).toBe(1);
    expect(first.map((path) => path.split('/').pop())).toEqual(names);
    expect(second).toEqual([]);
    expect(readFileSync(store.path('brand', 'b.png'), 'utf8')).toBe('bytes of b.png');
    expect(await store.ensure('brand', names, files(names))).toEqual([]);
    expect(store.drawn).toBe(1);
  });

  it('writes only the missing files of a group it draws again', async () => {
    const store = new BrandFileStore(mkdtempSync(join(tmpdir(), 'pf-brand-store-')));
    await store.ensure('brand', ['a.png', 'b.png'], files(['a.png', 'b.png']));
    writeFileSync(store.path('brand', 'a.png'), 'kept');
    rmSync(store.path('brand', 'b.png'));
    const written = await store.ensure('brand', ['a.png', 'b.png'], files(['a.png', 'b.png']));
    expect(written).toEqual([store.path('brand', 'b.png')]);
    expect(readFileSync(store.path('brand', 'a.png'), 'utf8')).toBe('kept');
  });

  it('removes what another brand left, files and folders, and no temporary file', async () => {
    const store = new BrandFileStore(mkdtempSync(join(tmpdir(), 'pf-brand-store-')));
    await store.ensure('cards/old', ['x.png'], files(['x.png']));
    await store.ensure('cards/new', ['y.png'], files(['y.png']));
    writeFileSync(join(store.path('cards', ''), 'z.png.123.tmp'), '');
    expect(await store.removeExcept('cards', (name) => name === 'new')).toBe(1);
    expect(existsSync(store.path('cards/old', 'x.png'))).toBe(false);
    expect(existsSync(store.path('cards/new', 'y.png'))).toBe(true);
    expect(existsSync(join(store.path('cards', ''), 'z.png.123.tmp'))).toBe(true);
  });
});
