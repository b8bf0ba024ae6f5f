import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore } from '../../test/helpers/stores.js';
import { importContent } from '../server/content/import.service.js';
import { loadSiteConfig } from '../server/content/site-config.js';
import { configOf, parseSettingsFile, siteSettings } from '../server/settings/site-file.js';
import { FolderNotEmptyError, initContentFolder } from './init-command.js';

const root = mkdtempSync(join(tmpdir(), 'postfolio-init-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('postfolio init', () => {
  it('writes a folder that imports as it is, with the schemas its files name', async () => {
    const dir = join(root, 'site');
    const files = await initContentFolder(dir, new Date('2026-05-05T12:00:00Z'));
    expect(files).toEqual([
      'site.yaml',
      'posts/hello-world.md',
      'images/cover.svg',
      'postfolio.env',
      '.gitignore',
      'schema/site.schema.json',
      'schema/post.schema.json',
    ]);
    for (const file of ['site.yaml', 'posts/hello-world.md']) {
      const text = readFileSync(join(dir, file), 'utf8');
      const schema = /# yaml-language-server: \$schema=(\S+)/.exec(text)?.[1];
      expect(schema, file).toBeDefined();
      expect(existsSync(join(dirname(join(dir, file)), schema!)), `${file} → ${schema}`).toBe(true);
    }
    expect(readFileSync(join(dir, 'schema/post.schema.json'), 'utf8')).toBe(
      readFileSync('docs/schema/post.schema.json', 'utf8'),
    );
    expect((await loadSiteConfig(join(dir, 'site.yaml'))).categories).toEqual([
      { slug: 'notes', name: 'Notes', description: 'Short things I learned.' },
    ]);
    const test = await createTestStore('sqlite');
    try {
      const summary = await importContent(test.store, {
        contentDir: dir,
        imagesDir: mkdtempSync(join(tmpdir(), 'postfolio-init-images-')),
      });
      expect(summary).toMatchObject({ created: 1, categories: 1 });
    } finally {
      await test.drop();
    }
  });

  it("writes the site's settings: its own store and images inside the folder", async () => {
    const dir = join(root, 'settings');
    await initContentFolder(dir);
    const settings = siteSettings(dir, {}, true);
    const config = configOf(settings);
    expect(config.databaseUrl).toBe(join(dir, 'data', 'postfolio.db'));
    expect(config.imagesDir).toBe(join(dir, 'data', 'images'));
    expect(config.port).toBe(3000);
    expect(settings.sources.DATABASE_URL).toMatchObject({ kind: 'file' });
    // Every commented example is a setting the file takes once uncommented.
    const text = readFileSync(join(dir, 'postfolio.env'), 'utf8');
    const examples = text
      .split('\n')
      .filter((line) => /^# [A-Z_]+=/.test(line))
      .map((line) => line.slice(2));
    expect(examples.length).toBeGreaterThan(5);
    expect(() => parseSettingsFile(examples.join('\n'), 'examples')).not.toThrow();
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('/data/\n');
  });

  it('takes an empty folder', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect(await initContentFolder(dir)).toHaveLength(7);
  });

  it('refuses a folder that holds anything, and writes nothing into it', async () => {
    const dir = join(root, 'owned');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const error = await initContentFolder(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolderNotEmptyError);
    expect((error as Error).message).toBe(
      `${dir} is not empty (1 entry); init writes a new content folder: name a new or empty one`,
    );
    expect(existsSync(join(dir, 'site.yaml'))).toBe(false);
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    await expect(initContentFolder(file)).rejects.toThrow(`${file} is a file, not a folder`);
  });
});
