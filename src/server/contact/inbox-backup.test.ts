import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { backupStore } from '../backup/backup.service.js';
import { importExport } from '../backup/export-import.js';
import { MESSAGES_FILE } from '../backup/export-manifest.js';
import { exportStore } from '../backup/export.service.js';
import { restoreStore } from '../backup/restore.service.js';
import { importContent } from '../content/import.service.js';
import type { Engine } from '../db/schema.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';
import { deleteMessages, listMessages, markMessages } from './inbox.service.js';

const stores: TestStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((test) => test.drop()));
});

const temp = (name: string) => mkdtempSync(join(tmpdir(), `pf-inbox-${name}-`));

/** A store with posts and three messages, one of them read. */
async function inboxStore(engine: Engine) {
  const test = await createTestStore(engine);
  stores.push(test);
  const contentDir = writeContent({ posts: manyPosts(3, 'news') });
  const imagesDir = temp('images');
  await importContent(test.store, { contentDir, imagesDir });
  const repository = new ContactMessagesRepository(test.store.db);
  const ids = [];
  for (const n of [1, 2, 3])
    ids.push(
      await repository.insert({
        name: `Sender ${n}`,
        email: `s${n}@example.com`,
        subject: `Subject ${n}`,
        message: `Body ${n}`,
        created_at: `2026-03-0${n}T08:00:00.000Z`,
      }),
    );
  await markMessages(test.store, [ids[1]!], true, new Date('2026-03-05T09:30:00.000Z'));
  return { test, imagesDir, ids };
}

describe.each(ENGINES)('the inbox of a %s store', (engine) => {
  it('keeps each read state through a backup and a restore', async () => {
    const { test, ids } = await inboxStore(engine);
    const before = await listMessages(test.store);
    expect(before.map((m) => m.read_at)).toEqual([null, '2026-03-05T09:30:00.000Z', null]);
    const file = join(temp('backup'), engine === 'sqlite' ? 'b.db' : 'b.jsonl.gz');
    await backupStore(test.store, file);
    await markMessages(test.store, ids, true);
    await deleteMessages(test.store, [ids[0]!]);
    await restoreStore(test.store, file);
    expect(await listMessages(test.store)).toEqual(before);
  });

  it.each(ENGINES)('keeps each read state through an export imported into %s', async (to) => {
    const { test, imagesDir } = await inboxStore(engine);
    const dir = join(temp('export'), 'site');
    await exportStore(test.store, { dir, imagesDir });
    const written = JSON.parse(readFileSync(join(dir, MESSAGES_FILE), 'utf8')) as Array<{
      read_at: string | null;
    }>;
    expect(written.map((m) => m.read_at)).toEqual([null, '2026-03-05T09:30:00.000Z', null]);
    const target = await createTestStore(to);
    stores.push(target);
    await importExport(target.store, dir, () =>
      importContent(target.store, { contentDir: dir, imagesDir: temp('images') }),
    );
    expect(await listMessages(target.store)).toEqual(await listMessages(test.store));
    expect(await listMessages(target.store, { unread: true })).toHaveLength(2);
  });
});
