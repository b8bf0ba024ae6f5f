import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../test/helpers/content-fixture.js';
import { freePort } from '../../test/helpers/serve-process.js';
import { postfolioInProcess, postfolioProcess } from '../../test/helpers/postfolio-cli.js';
import { SETTING_NAMES } from '../server/settings/vocabulary.js';
import { sqlitePostCount } from '../../test/helpers/stores.js';
import { requireBuiltCli } from '../../test/helpers/built-cli.js';

// The cases about the process itself (exit statuses and streams as a shell sees them, parser
// threads, a kill, serve) run the built command as a user would; `npm test` builds before it runs
// the tests. The others run the same command line in this process.
requireBuiltCli();

const BIN = resolve('bin/postfolio.js');
const postfolio = postfolioInProcess;

function tempStore() {
  const dir = mkdtempSync(join(tmpdir(), 'pf-cli-'));
  return { DATABASE_URL: join(dir, 'cli.db'), IMAGES_DIR: join(dir, 'images') };
}

describe('postfolio command', () => {
  it('prints help and refuses unknown commands with a usage message', () => {
    const help = postfolioProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('import <dir>');
    const unknown = postfolioProcess(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
    expect(postfolioProcess(['import']).err).toContain('import needs a folder');
  });

  it('prints the version of package.json', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = postfolioProcess([flag]);
      expect(result.code).toBe(0);
      expect(result.out).toBe(`${version}\n`);
    }
  });

  it("shows each command's own usage and options", async () => {
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
        const result = await postfolio(args);
        expect(result.code, args.join(' ')).toBe(0);
        for (const line of lines) expect(result.out, args.join(' ')).toContain(line);
        expect(result.out).not.toContain('Commands:');
      }
    }
  });

  it('names an unknown command or option in one line, with a hint, and exits with 2', async () => {
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
      const result = await postfolio(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toBe(`${line}\n`);
      expect(result.out).toBe('');
    }
  });

  it('writes a new draft post that imports, and never overwrites it', async () => {
    const env = tempStore();
    const dir = writeContent({ posts: manyPosts(2, 'guides') });
    const result = await postfolio(['new', 'Hello, Brave New World', '--dir', dir], env);
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
    const imported = await postfolio(['import', dir], env);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('3 created');

    const again = await postfolio(['new', 'Hello, Brave New World', '--dir', dir], env);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`postfolio: ${file} already exists; edit it, or choose another title\n`);
    const other = await postfolio(['new', 'A guide', '--category', 'guides', '--dir', dir], env);
    expect(other.code, other.err).toBe(0);
    expect(readFileSync(join(dir, 'posts', 'a-guide.md'), 'utf8')).toMatch(/^category: guides$/m);
    const unknown = await postfolio(['new', 'Lost', '--category', 'nope', '--dir', dir], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('category "nope" is not in');
  });

  it('migrates a new store and reports it up to date the second time', async () => {
    const env = tempStore();
    expect((await postfolio(['migrate'], env)).out).toContain('001-core-tables');
    expect((await postfolio(['migrate'], env)).out).toContain('is up to date');
  });

  it('imports through worker threads and is idempotent', () => {
    const env = { ...tempStore(), POSTFOLIO_IMPORT_THREADS: '2' };
    const dir = writeContent({ posts: manyPosts(150, 'news') });
    const first = postfolioProcess(['import', dir], env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('150 created, 0 updated, 0 unchanged');
    expect(first.out).toMatch(
      /\(posts \d+\.\d s on 2 threads, search index merge \d+\.\d s, commit \d+\.\d s\)/,
    );
    expect(sqlitePostCount(env.DATABASE_URL)).toBe(150);
    // Not a terminal: a line a stage, and no bar redrawn with carriage returns.
    expect(first.err).not.toContain('\r');
    expect(first.err.split('\n').filter((line) => line.startsWith('import: '))).toEqual([
      expect.stringMatching(/^import: 2 images checked in \d+\.\d s( \([\d.]+\/s\))?$/),
      expect.stringMatching(/^import: 150 post files read in \d+(\.\d)? s \([\d.]+\/s\)$/),
    ]);
    const again = postfolioProcess(['import', dir], env);
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
    const result = postfolioProcess(['import', dir], env);
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
    const migrate = await postfolio(['migrate'], env);
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

  it('names a store that another process keeps locked, without a stack trace', async () => {
    const env = tempStore();
    expect((await postfolio(['migrate'], env)).code).toBe(0);
    // A write under way through a rollback journal, as a first import's: SQLite refuses the
    // WAL to any other connection at once (a lock held EXCLUSIVE is refused the same way, after
    // the busy timeout of 5 s).
    const holder = new Database(env.DATABASE_URL);
    holder.pragma('journal_mode = DELETE');
    holder.exec('BEGIN IMMEDIATE');
    holder.exec('UPDATE content_state SET version = version + 1');
    try {
      const result = postfolioProcess(['migrate'], env);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`postfolio: ${env.DATABASE_URL} is locked by another process`);
      expect(result.err).not.toMatch(/^\s+at /m);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('backs up and restores a store, and names a bad backup without a stack trace', async () => {
    const env = tempStore();
    const dir = writeContent({ posts: manyPosts(5, 'news') });
    expect((await postfolio(['import', dir], env)).code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'pf-backup-')), 'site.db');
    const backup = await postfolio(['backup', file], env);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/^Backed up sqlite:.* \(schema \d{3}-[a-z-]+\) to /);
    // SQLite's copy (VACUUM INTO) is one statement: no stage to report.
    expect(backup.err).toBe('');
    expect((await postfolio(['backup', file], env)).err).toBe(
      `postfolio: ${file} already exists; choose another name, or move it away first\n`,
    );
    const restore = await postfolio(['restore', file], env);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(/^Restored .* \(schema \d{3}-.*; content version \d+\n$/);
    expect(restore.err).toMatch(/^restore: \d+ pages copied in \d+\.\d s( \([\d.]+\/s\))?\n$/);
    writeFileSync(`${file}.txt`, 'not a backup');
    const bad = await postfolio(['restore', `${file}.txt`], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(
      new RegExp(`^postfolio: ${file}\\.txt is not a Postfolio backup: [^\\n]*\\n$`),
    );
    expect((await postfolio(['restore'], env)).err).toContain('restore needs a backup file');
  });

  it('exports a store as a folder that an empty store imports with the same ids and dates', async () => {
    const [from, to] = [tempStore(), tempStore()];
    expect(
      (await postfolio(['import', writeContent({ posts: manyPosts(12, 'news') })], from)).code,
    ).toBe(0);
    const dir = join(mkdtempSync(join(tmpdir(), 'pf-export-')), 'site');
    const exported = await postfolio(['export', dir], from);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toMatch(
      /^Exported sqlite:.* to .*: 12 posts \(0 drafts\), 2 categories, 2 images, 0 contact messages in /,
    );
    expect(exported.err).toMatch(/^export: 12 posts written in \d+\.\d s( \([\d.]+\/s\))?\n$/);
    expect((await postfolio(['export', dir], from)).err).toBe(
      `postfolio: ${dir} is not empty; export writes into a new or empty folder\n`,
    );
    const imported = await postfolio(['import', dir], to);
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

  it('writes a fake content folder that imports cleanly', async () => {
    const env = tempStore();
    const out = join(mkdtempSync(join(tmpdir(), 'pf-fake-')), 'fake');
    const result = await postfolio(['seed', '--fake', '40', '--out', out], env);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('40 created');
    expect(result.err).toMatch(/^seed: 40 posts written in \d+\.\d s/m);
    expect(result.err).toMatch(/^import: 40 post files read in /m);
    expect(sqlitePostCount(env.DATABASE_URL)).toBe(40);
  });

  it("reads a site's postfolio.env from any working directory: import, backup and serve use its store", async () => {
    const root = mkdtempSync(join(tmpdir(), 'pf-site-'));
    // A shell that has none of the settings: only the site's file names them.
    const env = Object.fromEntries(SETTING_NAMES.map((name) => [name, '']));
    expect((await postfolio(['init', 'my-site'], env, root)).code).toBe(0);
    const file = join(root, 'my-site', 'postfolio.env');
    const port = await freePort();
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/^DATABASE_URL=.*$/m, 'DATABASE_URL=store/site.db')
        .replace(/^PORT=.*$/m, `PORT=${port}\nHOST=127.0.0.1`),
    );
    const store = join(root, 'my-site', 'store', 'site.db');
    const elsewhere = mkdtempSync(join(tmpdir(), 'pf-elsewhere-'));
    const site = join(root, 'my-site');

    const imported = await postfolio(['import', site], env, elsewhere);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain(`Imported into sqlite:${store}: 1 created`);
    expect(imported.err).not.toContain('DATABASE_URL');
    expect(sqlitePostCount(store)).toBe(1);
    expect(existsSync(join(elsewhere, 'data'))).toBe(false);
    expect(existsSync(join(site, 'data', 'images'))).toBe(true);

    const config = await postfolio(['config', site, '--json'], env, elsewhere);
    expect(config.code, config.err).toBe(0);
    const shown = (JSON.parse(config.out) as { settings: Array<{ name: string }> }).settings;
    expect(shown.find((s) => s.name === 'DATABASE_URL')).toEqual({
      name: 'DATABASE_URL',
      value: store,
      source: 'file',
      file,
      line: 8,
    });
    // The environment wins over the file.
    const overridden = await postfolio(['config', site], { ...env, PAGE_SIZE: '30' }, elsewhere);
    expect(overridden.out).toMatch(/^ {2}PAGE_SIZE +30 +environment$/m);
    expect(overridden.out).toMatch(new RegExp(`^  PORT +${port} +${file}:12$`, 'm'));

    const backup = await postfolio(
      ['backup', join(elsewhere, 'b.db'), '--site', site],
      env,
      elsewhere,
    );
    expect(backup.out, backup.err).toContain(`Backed up sqlite:${store}`);

    // A command given no site, with no store named anywhere, says which store it writes into.
    const migrate = await postfolio(['migrate'], env, elsewhere);
    expect(migrate.code, migrate.err).toBe(0);
    expect(migrate.err).toBe(
      `postfolio: DATABASE_URL is unset and ${join(elsewhere, 'content')} has no postfolio.env: ` +
        `using sqlite:${join(elsewhere, 'data', 'postfolio.db')}\n`,
    );

    // A bad value in the file stops every command before it does anything.
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^PAGE_SIZE=.*$/m, '') + 'PAGE_SIZE=0\n',
    );
    const refused = await postfolio(['import', site], env, elsewhere);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^postfolio: .*postfolio\.env:\d+: PAGE_SIZE must be an integer from 1 to 100, got "0"\n$/,
    );
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^PAGE_SIZE=0$/m, 'PAGE_SIZE=5'));

    const serve = spawn(process.execPath, [BIN, 'serve', site], {
      cwd: elsewhere,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      let page: string | undefined;
      while (page === undefined) {
        if (serve.exitCode !== null) throw new Error(`serve exited with ${serve.exitCode}`);
        page = await fetch(`http://127.0.0.1:${port}/posts`).then(
          (res) => (res.ok ? res.text() : undefined),
          () => undefined,
        );
        if (page === undefined) await sleep(50);
      }
      // The store the import wrote: serve found it full and imported nothing.
      expect(page).toContain('Hello, world');
      expect(existsSync(join(elsewhere, 'data', 'images'))).toBe(false);
    } finally {
      serve.kill('SIGTERM');
      await once(serve, 'exit');
    }
  }, 90_000);
});
