// The fixtures a bench runs on, built once and cached under .bench/: folders of generated posts
// and SQLite stores imported from them.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, CLI } from './paths.js';
import { run } from './processes.js';

/** The fake content folder of N posts under .bench/, written (not imported) if missing. */
export async function ensureFakeFolder(n) {
  const dir = join(BENCH_DIR, `fake-${n}`);
  if (!existsSync(join(dir, 'site.yaml')) || !existsSync(join(dir, 'posts', `fake-post-${n}.md`))) {
    console.log(`(writing ${n} fake posts to ${dir} …)`);
    await run(process.execPath, [CLI, 'seed', '--fake', String(n), '--out', dir, '--no-import'], {
      quiet: true,
    });
  }
  return dir;
}

/** A SQLite store holding N fake posts, cached as .bench/posts-N.db. */
export async function ensureSqliteStore(n) {
  const db = join(BENCH_DIR, `posts-${n}.db`);
  const { default: Database } = await import('better-sqlite3');
  if (existsSync(db)) {
    // A file of that name can hold something else (a server started on it imports the demo
    // content); a bench on the wrong store would report figures for the wrong size.
    const cached = new Database(db, { readonly: true });
    const held = cached.prepare('SELECT count(*) AS n FROM posts').get().n;
    cached.close();
    if (held === n) return db;
    console.log(`(${db} holds ${held} posts, not ${n}: importing again)`);
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  }
  const dir = await ensureFakeFolder(n);
  console.log(`(importing ${n} posts into ${db} …)`);
  const tmp = `${db}.tmp-${process.pid}`;
  await run(process.execPath, [CLI, 'import', dir, '--prune'], {
    env: { DATABASE_URL: tmp, IMAGES_DIR: join(BENCH_DIR, 'images') },
    quiet: true,
  });
  // Fold the WAL into the file so the cached store is one self-contained file.
  const sqlite = new Database(tmp);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  renameSync(tmp, db);
  return db;
}
