import { readFileSync, writeFileSync, mkdtempSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { dumpContent } from '../../../test/helpers/db-dump.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { importContent } from '../content/import.service.js';
import { knownMigrations } from '../db/migrate.js';
import type { Engine } from '../db/schema.js';
import { BackupError } from './backup-errors.js';
import { backupStore, type BackupResult } from './backup.service.js';
import { restoreStore } from './restore.service.js';

const dir = mkdtempSync(join(tmpdir(), 'postfolio-restore-'));
let counter = 0;
const name = (suffix: string) => join(dir, `file-${++counter}${suffix}`);
const FUTURE = '999-from-the-future';

/** Rewrites the lines of a PostgreSQL backup through `edit` (null drops a line). */
function editLines(file: string, edit: (line: string, index: number) => string | null): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const out = name('.jsonl.gz');
  const kept = lines.map(edit).filter((line): line is string => line !== null);
  writeFileSync(out, gzipSync(kept.join('\n')));
  return out;
}

const rowsOf = (result: BackupResult) =>
  Object.values(result.rows!).reduce((sum, rows) => sum + rows, 0);

/** Calls of a progress callback: from (0, total) up to (total, total), never back; the total as given. */
function expectProgress(calls: Array<[number, number]>, total = calls[0]?.[1]) {
  expect(total).toBeGreaterThan(0);
  expect(calls[0]).toEqual([0, total]);
  expect(calls.at(-1)).toEqual([total, total]);
  calls.forEach(([done, all], i) => {
    expect(all).toBe(total);
    if (i > 0) expect(done).toBeGreaterThanOrEqual(calls[i - 1]![0]);
  });
}

/** The bad files of each kind, and the words the refusal must contain besides the file's name. */
function badFiles(engine: Engine, good: string): Array<[string, string, RegExp]> {
  const text = name('.txt');
  writeFileSync(text, 'just some words\n');
  const bytes = readFileSync(good);
  const truncated = name(engine === 'sqlite' ? '.db' : '.jsonl.gz');
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  const common: Array<[string, string, RegExp]> = [
    ['a text file', text, /is not a Postfolio backup/],
    ['a missing file', join(dir, 'nothing-here.db'), /cannot be read \(.*ENOENT/],
    ['half a backup', truncated, /corrupt|cut short/],
  ];
  if (engine === 'sqlite') {
    const garbage = name('.db');
    writeFileSync(garbage, bytes);
    const fd = openSync(garbage, 'r+');
    // Every page after the first few overwritten: tables and indexes no longer parse.
    for (let page = 3; page * 4096 < bytes.length; page += 2)
      writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
    closeSync(fd);
    const foreign = name('.db');
    const db = new Database(foreign);
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    db.close();
    const postgres = name('.jsonl.gz');
    writeFileSync(postgres, gzipSync('{"format":"postfolio-backup"}\n'));
    return [
      ...common,
      ['a damaged database', garbage, /is corrupt/],
      ['another program’s database', foreign, /is a SQLite database, but not a Postfolio backup/],
      ['a PostgreSQL backup', postgres, /is a backup of a PostgreSQL store.*postfolio export/],
    ];
  }
  const sqlite = name('.db');
  new Database(sqlite).close();
  writeFileSync(sqlite, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(100)]));
  return [
    ...common,
    [
      'a line that is not JSON',
      editLines(good, (l, i) => (i === 2 ? `${l}}` : l)),
      /line 3 is not JSON/,
    ],
    ['no end record', editLines(good, (l) => (l.startsWith('{"end"') ? null : l)), /cut short/],
    ['a row missing', editLines(good, (l, i) => (i === 3 ? null : l)), /counts \d+ rows of/],
    ['gzip of something else', editLines(good, () => 'hello'), /is not a Postfolio backup/],
    ['a SQLite backup', sqlite, /is a backup of a SQLite store.*postfolio export/],
  ];
}

describe.each(ENGINES)('restore refuses on %s', (engine) => {
  let test: TestStore;
  let good: string;
  let backedUp: BackupResult;
  const backupProgress: Array<[number, number]> = [];
  beforeAll(async () => {
    test = await createTestStore(engine);
    const contentDir = writeContent({ posts: manyPosts(30, 'news') });
    await importContent(test.store, { contentDir, imagesDir: join(dir, `images-${engine}`) });
    backedUp = await backupStore(
      test.store,
      name(engine === 'sqlite' ? '.db' : '.jsonl.gz'),
      (done, total) => backupProgress.push([done, total]),
    );
    good = backedUp.file;
  });
  afterAll(async () => {
    await test.drop();
  });

  /** Restoring `file` fails with a BackupError naming it and matching `words`; nothing changes. */
  async function expectRefused(file: string, words: RegExp) {
    const before = await dumpContent(test.store);
    const error = await restoreStore(test.store, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, file).toBeInstanceOf(BackupError);
    const { message } = error as BackupError;
    expect(message).toContain(file);
    expect(message).toMatch(words);
    expect(message).not.toMatch(/\n\s+at /);
    expect(await dumpContent(test.store)).toEqual(before);
  }

  it('a backup from a newer schema, naming its version and this build’s', async () => {
    let future: string;
    if (engine === 'sqlite') {
      future = name('.db');
      writeFileSync(future, readFileSync(good));
      const db = new Database(future);
      db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run(
        FUTURE,
        new Date().toISOString(),
      );
      db.close();
    } else {
      future = editLines(good, (line, index) => {
        if (index > 0) return line;
        const header = JSON.parse(line) as { migrations: string[]; schema: string };
        return JSON.stringify({
          ...header,
          migrations: [...header.migrations, FUTURE],
          schema: FUTURE,
        });
      });
    }
    const latest = knownMigrations(engine).at(-1)!;
    await expectRefused(
      future,
      new RegExp(
        `comes from a newer Postfolio: its schema is ${FUTURE}, and this build knows migrations up to ${latest}`,
      ),
    );
  });

  it('a corrupt, cut or foreign file, or one of the other engine', async () => {
    for (const [what, file, words] of badFiles(engine, good)) {
      try {
        await expectRefused(file, words);
      } catch (error) {
        throw new Error(`${what}: ${(error as Error).message}`);
      }
    }
  });

  it('still restores the good backup after all that', async () => {
    const progress: Array<[number, number]> = [];
    const result = await restoreStore(test.store, good, (done, total) =>
      progress.push([done, total]),
    );
    expect(result.schema).toBe(knownMigrations(engine).at(-1));
    // Pages copied (SQLite) or rows loaded (PostgreSQL): from 0 up to all of them.
    expectProgress(progress, engine === 'postgres' ? rowsOf(backedUp) : undefined);
  });

  it('backs up telling the rows written (PostgreSQL; SQLite copies in one statement)', () => {
    if (engine === 'sqlite') expect(backupProgress).toEqual([]);
    else expectProgress(backupProgress, rowsOf(backedUp));
  });
});
