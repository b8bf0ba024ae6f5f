import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { backupStore } from '../backup/backup.service.js';
import { exportStore } from '../backup/export.service.js';
import { importContent } from '../content/import.service.js';
import { restoreStore } from '../backup/restore.service.js';
import type { Store } from '../db/connection.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { byKey, type CountRow } from './batch.js';

const dir = mkdtempSync(join(tmpdir(), 'pf-analytics-backup-'));

const counts = (store: Store) =>
  store.db
    .selectFrom('analytics_counts')
    .select(['period', 'kind', 'path', 'value', 'count', 'peak'])
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((row): CountRow => ({
        ...row,
        kind: row.kind as CountRow['kind'],
        count: Number(row.count),
        peak: Number(row.peak),
      })),
    );

describe.each(ENGINES)('analytics in backups on %s', (engine) => {
  const stores: TestStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the counts, never the day’s visitor hashes nor their salt', async () => {
    const source = await createTestStore(engine);
    stores.push(source);
    const repository = new AnalyticsRepository(source.store.db);
    const salt = await repository.salt('2026-05-04', 'a-salt-that-must-not-be-kept-anywhere');
    const hash = 'hash-of-a-visitor-x';
    await repository.write(
      [
        { period: '2026-05-04T10', kind: 'view', path: '/a', value: '', count: 3, peak: 0 },
        { period: '2026-05-04T10', kind: 'search', path: '', value: 'words', count: 1, peak: 4 },
      ],
      [{ hour: '2026-05-04T10', marks: [{ path: '/a', visitor: hash }] }],
    );
    const file = join(dir, `backup-${engine}${engine === 'sqlite' ? '.db' : '.jsonl.gz'}`);
    await backupStore(source.store, file);
    const bytes = readFileSync(file);
    const text = (engine === 'sqlite' ? bytes : gunzipSync(bytes)).toString('latin1');
    expect(text).not.toContain(salt);
    expect(text).not.toContain(hash);

    const target = await createTestStore(engine);
    stores.push(target);
    await restoreStore(target.store, file);
    expect(await counts(target.store)).toEqual(await counts(source.store));
    expect(await counts(target.store)).toHaveLength(3);
    expect(await target.store.db.selectFrom('analytics_visitors').selectAll().execute()).toEqual(
      [],
    );
    expect(await target.store.db.selectFrom('analytics_salts').selectAll().execute()).toEqual([]);
    // The store backed up keeps its own.
    expect(await source.store.db.selectFrom('analytics_salts').select('salt').execute()).toEqual([
      { salt },
    ]);

    // An export leaves the counts out unless asked, and never writes hashes or salts.
    const imagesDir = join(dir, `images-${engine}`);
    await importContent(source.store, {
      contentDir: writeContent({ posts: manyPosts(2, 'news') }),
      imagesDir,
    });
    const plain = join(dir, `export-${engine}`);
    expect((await exportStore(source.store, { dir: plain, imagesDir })).analytics).toBeUndefined();
    expect(existsSync(join(plain, 'analytics.json'))).toBe(false);
    const asked = join(dir, `export-analytics-${engine}`);
    expect(
      (await exportStore(source.store, { dir: asked, imagesDir, analytics: true })).analytics,
    ).toBe(3);
    const exported = readFileSync(join(asked, 'analytics.json'), 'utf8');
    expect(JSON.parse(exported)).toEqual([...(await counts(source.store))].sort(byKey));
    expect(exported).not.toContain(hash);
    expect(exported).not.toContain(salt);
  });
});
