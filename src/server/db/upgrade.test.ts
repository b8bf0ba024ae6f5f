import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureDatabase,
  fixtureDir,
  type FixtureDatabase,
} from '../../../test/helpers/upgrade-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { prepareStore } from '../main.js';
import { openStore, type Store } from './connection.js';
import { knownMigrations } from './migrate.js';

/**
 * Each released version whose store a newer build must take over, with the migrations it had
 * applied (test/fixtures/upgrade/README.md says how to add the next).
 */
const RELEASES = [{ version: 'v0.1.0', migrations: 5 }];

/** The tables a release had, each with the column that orders its rows. */
const TABLES: Array<[string, string]> = [
  ['categories', 'id'],
  ['posts', 'id'],
  ['content_state', 'id'],
  ['contact_messages', 'id'],
  ['kysely_migration', 'name'],
];

interface RecordedAnswer {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * True when `now` still says everything `then` said: the same values, where a newer build may
 * add fields to an object (never drop or change one) but lists keep their length and order.
 */
function expectStillSays(now: unknown, then: unknown, at: string): void {
  if (Array.isArray(then)) {
    expect(Array.isArray(now), `${at} is a list`).toBe(true);
    expect((now as unknown[]).length, `${at} length`).toBe(then.length);
    then.forEach((item, i) => expectStillSays((now as unknown[])[i], item, `${at}[${i}]`));
  } else if (typeof then === 'object' && then !== null) {
    expect(typeof now, `${at} is an object`).toBe('object');
    for (const [key, value] of Object.entries(then))
      expectStillSays((now as Record<string, unknown>)[key], value, `${at}.${key}`);
  } else expect(now, at).toEqual(then);
}

describe.each(ENGINES)('upgrading a released store (%s)', (engine) => {
  describe.each(RELEASES)('from $version', ({ version, migrations }) => {
    let fixture: FixtureDatabase;
    let store: Store;
    const before = new Map<string, Record<string, unknown>[]>();
    const log: string[] = [];

    beforeAll(async () => {
      fixture = await fixtureDatabase(engine, version);
      for (const [table, orderBy] of TABLES) before.set(table, await fixture.rows(table, orderBy));
      store = openStore(fixture.url);
      const config = loadConfig({
        DATABASE_URL: fixture.url,
        CONTENT_DIR: join(tmpdir(), 'postfolio-upgrade-no-content'),
        IMAGES_DIR: mkdtempSync(join(tmpdir(), 'postfolio-upgrade-images-')),
      });
      // What `serve` does on start: migrate, and import only into a store without content.
      await prepareStore(store, config, (line) => log.push(line));
    });
    afterAll(async () => {
      await store?.close();
      await fixture?.drop();
    });

    it('holds rows to carry over', () => {
      expect(before.get('posts')!.length).toBeGreaterThanOrEqual(5);
      expect(before.get('contact_messages')!.length).toBe(2);
      expect(before.get('kysely_migration')!.length).toBe(migrations);
    });

    it('applies every newer migration on start, and imports nothing', () => {
      const newer = knownMigrations(engine).slice(migrations);
      expect(log).toEqual(newer.length ? [`Migrated ${store.label}: ${newer.join(', ')}`] : []);
    });

    it.each(TABLES)('keeps every row and value of %s', async (table, orderBy) => {
      const after = await fixture.rows(table, orderBy);
      const rows = before.get(table)!;
      if (table === 'kysely_migration') {
        expect(after.slice(0, rows.length)).toEqual(rows);
        expect(after.map((r) => r.name)).toEqual(knownMigrations(engine).slice().sort());
        return;
      }
      expect(after).toHaveLength(rows.length);
      // New columns may be added; none of the old ones may change.
      rows.forEach((row, i) => expect(after[i]).toMatchObject(row));
    });

    it('answers every API call as the release did', async () => {
      const answers = JSON.parse(
        readFileSync(join(fixtureDir(version), `api-answers.${engine}.json`), 'utf8'),
      ) as RecordedAnswer[];
      expect(answers.length).toBeGreaterThan(10);
      const app = await buildApp({
        config: loadConfig({ DATABASE_URL: fixture.url }),
        store,
      });
      try {
        for (const answer of answers) {
          const res = await app.inject(answer.url);
          expect(res.statusCode, answer.url).toBe(answer.status);
          for (const [name, value] of Object.entries(answer.headers))
            expect(res.headers[name], `${answer.url} ${name}`).toBe(value);
          expectStillSays(res.json(), answer.body, answer.url);
        }
      } finally {
        await app.close();
      }
    });
  });
});
