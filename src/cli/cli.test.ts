import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../test/helpers/content-fixture.js';
import { sqlitePostCount } from '../../test/helpers/stores.js';

// These run the built command as a user would; `npm test` builds before it runs the tests.
if (!existsSync('dist/cli/main.js')) throw new Error('Run `npm run build` first');

function postfolio(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['bin/postfolio.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function tempStore() {
  const dir = mkdtempSync(join(tmpdir(), 'pf-cli-'));
  return { DATABASE_URL: join(dir, 'cli.db'), IMAGES_DIR: join(dir, 'images') };
}

describe('postfolio command', () => {
  it('prints help and refuses unknown commands with a usage message', () => {
    const help = postfolio(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('import <dir>');
    const unknown = postfolio(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
    expect(postfolio(['import']).err).toContain('import needs a folder');
  });

  it('prints the version of package.json', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = postfolio([flag]);
      expect(result.code).toBe(0);
      expect(result.out).toBe(`${version}\n`);
    }
  });

  it("shows each command's own usage and options", () => {
    const expected: Record<string, string[]> = {
      serve: ['Usage: postfolio serve [dir] [--workers N|auto]', '--workers <n>', '[dir]'],
      import: ['Usage: postfolio import <dir> [--prune]', '--prune'],
      seed: ['Usage: postfolio seed --fake N [--out DIR] [--no-import]', '--no-import'],
      new: ['Usage: postfolio new "Post title"', '--category <slug>', '--dir <dir>'],
    };
    for (const [command, lines] of Object.entries(expected)) {
      for (const args of [
        [command, '--help'],
        ['help', command],
      ]) {
        const result = postfolio(args);
        expect(result.code, args.join(' ')).toBe(0);
        for (const line of lines) expect(result.out, args.join(' ')).toContain(line);
        expect(result.out).not.toContain('Commands:');
      }
    }
  });

  it('names an unknown command or option in one line, with a hint, and exits with 2', () => {
    const cases: Array<[string[], string]> = [
      [
        ['imprt'],
        'postfolio: unknown command "imprt" (did you mean import?); see postfolio --help',
      ],
      [
        ['import', 'content', '--prnue'],
        'postfolio: unknown option "--prnue" for import (did you mean --prune?); see postfolio import --help',
      ],
      [['--frob'], 'postfolio: unknown option "--frob"; see postfolio --help'],
      [
        ['migrate', 'now'],
        'postfolio: too many arguments for migrate: "now"; see postfolio migrate --help',
      ],
      [
        ['serve', '--workers'],
        'postfolio: option --workers needs a value; see postfolio serve --help',
      ],
    ];
    for (const [args, line] of cases) {
      const result = postfolio(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toBe(`${line}\n`);
      expect(result.out).toBe('');
    }
  });

  it('writes a new draft post that imports, and never overwrites it', () => {
    const env = tempStore();
    const dir = writeContent({ posts: manyPosts(2, 'guides') });
    const result = postfolio(['new', 'Hello, Brave New World', '--dir', dir], env);
    expect(result.code, result.err).toBe(0);
    const file = join(dir, 'posts', 'hello-brave-new-world.md');
    expect(result.out).toBe(`${file}\n`);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^title: Hello, Brave New World$/m);
    expect(text).toMatch(/^slug: hello-brave-new-world$/m);
    // The first category of the fixture's site.yaml, and an image the folder has.
    expect(text).toMatch(/^category: news$/m);
    expect(text).toMatch(/^image: cover\.svg$/m);
    expect(text).toMatch(/^date: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/m);
    expect(text).toMatch(/^draft: true$/m);
    const imported = postfolio(['import', dir], env);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('3 created');

    const again = postfolio(['new', 'Hello, Brave New World', '--dir', dir], env);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`postfolio: ${file} already exists; edit it, or choose another title\n`);
    const other = postfolio(['new', 'A guide', '--category', 'guides', '--dir', dir], env);
    expect(other.code, other.err).toBe(0);
    expect(readFileSync(join(dir, 'posts', 'a-guide.md'), 'utf8')).toMatch(/^category: guides$/m);
    const unknown = postfolio(['new', 'Lost', '--category', 'nope', '--dir', dir], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('category "nope" is not in');
  });

  it('migrates a new store and reports it up to date the second time', () => {
    const env = tempStore();
    expect(postfolio(['migrate'], env).out).toContain('001-core-tables');
    expect(postfolio(['migrate'], env).out).toContain('is up to date');
  });

  it('imports through worker threads and is idempotent', () => {
    const env = { ...tempStore(), POSTFOLIO_IMPORT_THREADS: '2' };
    const dir = writeContent({ posts: manyPosts(150, 'news') });
    const first = postfolio(['import', dir], env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('150 created, 0 updated, 0 unchanged');
    expect(first.out).toMatch(
      /\(posts \d+\.\d s on 2 threads, search index merge \d+\.\d s, commit \d+\.\d s\)/,
    );
    expect(sqlitePostCount(env.DATABASE_URL)).toBe(150);
    const again = postfolio(['import', dir], env);
    expect(again.out).toContain('0 created, 0 updated, 150 unchanged');
  });

  it('refuses a folder with a bad file, naming it, and writes nothing', () => {
    const env = { ...tempStore(), POSTFOLIO_IMPORT_THREADS: '2' };
    const dir = writeContent({ posts: manyPosts(120, 'news') });
    writeFileSync(join(dir, 'posts', 'broken.md'), '---\ntitle: [unclosed\n---\nbody\n');
    writeFileSync(
      join(dir, 'posts', 'reserved.md'),
      '---\ntitle: R\nslug: api\ncategory: news\nimage: cover.svg\ndate: 2026-01-01\n---\nbody\n',
    );
    const result = postfolio(['import', dir], env);
    expect(result.code).toBe(1);
    expect(result.err).toContain('nothing was written');
    expect(result.err).toMatch(/posts\/broken\.md:\d+: front matter is not valid YAML/);
    expect(result.err).toMatch(/posts\/reserved\.md:3: slug "api" "api" is reserved/);
    expect(sqlitePostCount(env.DATABASE_URL)).toBe(0);
  });

  it('leaves nothing of a first import killed after it wrote into the file', async () => {
    const env = tempStore();
    const posts = manyPosts(3000, 'news').map((p) => ({
      ...p,
      body: `${p.body}\n${'Words that fill pages. '.repeat(500)}`,
    }));
    const dir = writeContent({ posts });
    const child = spawn(process.execPath, ['bin/postfolio.js', 'import', dir], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    // Killed once pages went past SQLite's 4 MB cache into the file, under the rollback journal.
    const journal = `${env.DATABASE_URL}-journal`;
    while (!(existsSync(journal) && statSync(env.DATABASE_URL).size > 16 * 2 ** 20)) {
      if (child.exitCode !== null) throw new Error('the import ended before it could be killed');
      await sleep(10);
    }
    child.kill('SIGKILL');
    await once(child, 'exit');
    // The next process to open the store rolls the file back with the journal left behind.
    const migrate = postfolio(['migrate'], env);
    expect(migrate.code, migrate.err).toBe(0);
    expect(existsSync(journal)).toBe(false);
    expect(sqlitePostCount(env.DATABASE_URL)).toBe(0);
    const db = new Database(env.DATABASE_URL, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  }, 120_000);

  it('names a store that another process keeps locked, without a stack trace', () => {
    const env = tempStore();
    expect(postfolio(['migrate'], env).code).toBe(0);
    const holder = new Database(env.DATABASE_URL);
    holder.pragma('journal_mode = DELETE');
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const result = postfolio(['migrate'], env);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`postfolio: ${env.DATABASE_URL} is locked by another process`);
      expect(result.err).not.toMatch(/^\s+at /m);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  }, 30_000);

  it('backs up and restores a store, and names a bad backup without a stack trace', () => {
    const env = tempStore();
    const dir = writeContent({ posts: manyPosts(5, 'news') });
    expect(postfolio(['import', dir], env).code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'pf-backup-')), 'site.db');
    const backup = postfolio(['backup', file], env);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/^Backed up sqlite:.* \(schema \d{3}-[a-z-]+\) to /);
    expect(postfolio(['backup', file], env).err).toBe(
      `postfolio: ${file} already exists; choose another name, or move it away first\n`,
    );
    const restore = postfolio(['restore', file], env);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(/^Restored .* \(schema \d{3}-.*; content version \d+\n$/);
    writeFileSync(`${file}.txt`, 'not a backup');
    const bad = postfolio(['restore', `${file}.txt`], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(
      new RegExp(`^postfolio: ${file}\\.txt is not a Postfolio backup: [^\\n]*\\n$`),
    );
    expect(postfolio(['restore'], env).err).toContain('restore needs a backup file');
  });

  it('exports a store as a folder that an empty store imports with the same ids and dates', () => {
    const [from, to] = [tempStore(), tempStore()];
    expect(postfolio(['import', writeContent({ posts: manyPosts(12, 'news') })], from).code).toBe(
      0,
    );
    const dir = join(mkdtempSync(join(tmpdir(), 'pf-export-')), 'site');
    const exported = postfolio(['export', dir], from);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toMatch(
      /^Exported sqlite:.* to .*: 12 posts \(0 drafts\), 2 categories, 2 images, 0 contact messages in /,
    );
    expect(postfolio(['export', dir], from).err).toBe(
      `postfolio: ${dir} is not empty; export writes into a new or empty folder\n`,
    );
    const imported = postfolio(['import', dir], to);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('12 created, 0 updated');
    expect(imported.out).toContain("Kept the export's ids and dates: 12 posts (12 unchanged");
    const rows = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT id, slug, created_at, updated_at FROM posts ORDER BY id').all();
      } finally {
        db.close();
      }
    };
    expect(rows(to.DATABASE_URL)).toEqual(rows(from.DATABASE_URL));
  });

  it('writes a fake content folder that imports cleanly', () => {
    const env = tempStore();
    const out = join(mkdtempSync(join(tmpdir(), 'pf-fake-')), 'fake');
    const result = postfolio(['seed', '--fake', '40', '--out', out], env);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('40 created');
    expect(sqlitePostCount(env.DATABASE_URL)).toBe(40);
  });
});
