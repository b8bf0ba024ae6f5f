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
import type { Engine } from './schema.js';
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

/** How a migration meant an engine's store to change since a release. */
interface Changed {
  /** The engine whose recording an answer of `url` must now give, or null: its own. */
  answersOf: (url: string) => Engine | null;
  /** Columns made again from others. */
  derived: string[];
}

/**
 * What a migration meant to change since a release, by engine. Migration 020 splits PostgreSQL's
 * words at punctuation as SQLite does: its search answers are SQLite's of the release, and its
 * search vector (a column derived from the text) is made again.
 */
const CHANGED: Record<Engine, Changed> = {
  postgres: {
    answersOf: (url: string) => (/^\/api\/posts\/[^?/]+\?/.test(url) ? 'sqlite' : null),
    derived: ['search_vector'],
  },
  sqlite: { answersOf: () => null, derived: [] },
};

const recorded = (version: string, engine: string) =>
  JSON.parse(
    readFileSync(join(fixtureDir(version), `api-answers.${engine}.json`), 'utf8'),
  ) as RecordedAnswer[];

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
      // New columns may be added; none of the old ones may change, but those derived anew.
      const kept = (row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).filter(([name]) => !CHANGED[engine].derived.includes(name)),
        );
      rows.forEach((row, i) => expect(after[i]).toMatchObject(kept(row)));
    });

    it('answers every API call as the release did', async () => {
      const otherEngine = new Map(
        recorded(version, engine === 'sqlite' ? 'postgres' : 'sqlite').map((a) => [a.url, a]),
      );
      const answers = recorded(version, engine).map((answer) =>
        CHANGED[engine].answersOf(answer.url) ? otherEngine.get(answer.url)! : answer,
      );
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
