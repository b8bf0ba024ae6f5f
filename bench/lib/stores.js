// The fixtures a bench runs on, built once and cached under .bench/: folders of generated posts
// and SQLite stores imported from them; PostgreSQL databases imported from the same folders.
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_DIR, CLI } from './paths.js';
import { fmt } from './print.js';
import { run } from './processes.js';

/** The PostgreSQL server's maintenance database, where a bench creates and drops its own. */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The 100k PostgreSQL store the search benches share (BENCH_PG_URL), imported on first use. */
export const PG_BENCH_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postfolio_bench';

/** A new, empty database `<prefix>_<pid>` on PG_ADMIN_URL's server, and how to drop it. */
export async function newPostgresDatabase(prefix) {
  const name = `${prefix}_${process.pid}`;
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

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

/**
 * A SQLite store holding N fake posts, cached as .bench/posts-N.db. `root` names another
 * checkout (built) whose CLI imports the same folder into its own .bench/ (compare-builds: a
 * server refuses a store a newer version migrated).
 */
export async function ensureSqliteStore(n, { root } = {}) {
  const benchDir = root ? join(root, '.bench') : BENCH_DIR;
  mkdirSync(benchDir, { recursive: true });
  const db = join(benchDir, `posts-${n}.db`);
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
  await run(
    process.execPath,
    [root ? join(root, 'bin', 'postfolio.js') : CLI, 'import', dir, '--prune'],
    {
      env: { DATABASE_URL: tmp, IMAGES_DIR: join(benchDir, 'images') },
      quiet: true,
      cwd: root,
    },
  );
  // Fold the WAL into the file so the cached store is one self-contained file.
  const sqlite = new Database(tmp);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  renameSync(tmp, db);
  return db;
}

/** Reads a file once, so that the OS file cache holds it as it does for a server that has run a while. */
export function readThrough(file) {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(8 << 20);
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

/** Whether something accepts connections on 127.0.0.1:5432 within a second. */
export function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * The PostgreSQL database of `url` holding N fake posts: created if missing, and imported from
 * the fake folder (then vacuumed and analysed) unless it already holds N posts, since an import of
 * 100k posts takes many minutes.
 */
export async function ensurePostgresStore(url, n) {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  const dbName = new URL(url).pathname.slice(1);
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]))
    .rowCount;
  if (!exists) await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  let have = 0;
  try {
    have = Number((await probe.query('SELECT count(*) AS n FROM posts')).rows[0].n);
  } catch {
    /* not migrated yet */
  }
  await probe.end();
  if (have === n) return dbName;
  const folder = await ensureFakeFolder(n);
  console.log(`\n(importing ${fmt(n)} posts into ${dbName}; it holds ${fmt(have)} …)`);
  const t = performance.now();
  await run(process.execPath, [CLI, 'import', folder, '--prune'], {
    env: { DATABASE_URL: url, IMAGES_DIR: join(BENCH_DIR, 'images') },
    quiet: true,
  });
  console.log(`(imported in ${((performance.now() - t) / 1000).toFixed(0)} s)`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('VACUUM ANALYZE posts');
  await c.end();
  return dbName;
}
