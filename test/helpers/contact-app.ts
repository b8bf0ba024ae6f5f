import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { importContent } from '../../src/server/content/import.service.js';
import type { Engine } from '../../src/server/db/schema.js';
import { manyPosts, writeContent } from './content-fixture.js';
import { createTestStore, type TestStore } from './stores.js';

export interface ContactApp {
  app: FastifyInstance;
  test: TestStore;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown> & { msg?: string }>;
  /** The stored contact messages, by id. */
  messages(): Promise<Array<{ id: number; name: string; subject: string; message: string }>>;
  close(): Promise<void>;
}

/** The app (no socket) on a fresh store with a small site, its log kept for the test to read. */
export async function contactApp(engine: Engine, env: NodeJS.ProcessEnv = {}): Promise<ContactApp> {
  const test = await createTestStore(engine);
  const contentDir = writeContent({ posts: manyPosts(2, 'news') });
  const config = loadConfig({
    IMAGES_DIR: mkdtempSync(join(tmpdir(), 'postfolio-images-')),
    CONTENT_DIR: contentDir,
    EMPLOYER_EMAIL: 'boss@example.com',
    ...env,
  });
  await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
  const logs: ContactApp['logs'] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config,
    store: test.store,
    contentPollMs: 50,
    logger: { level: 'info', stream },
  });
  await app.ready();
  return {
    app,
    test,
    logs,
    messages: async () =>
      (await test.store.db.selectFrom('contact_messages').selectAll().orderBy('id').execute()).map(
        (row) => ({ ...row, id: Number(row.id) }),
      ),
    close: async () => {
      await app.close();
      await test.drop();
    },
  };
}
