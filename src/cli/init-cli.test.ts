import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { expectSiteYamlHolds, TEMPLATE_ANSWERS } from '../../test/helpers/init-site.js';
import { SITE_YAML } from './init-template.js';
import { requireBuiltCli } from '../../test/helpers/built-cli.js';

// These run the built command as a user would; `npm test` builds before it runs the tests.
requireBuiltCli();

const BIN = resolve('bin/postfolio.js');
const root = mkdtempSync(join(tmpdir(), 'pf-init-cli-'));

/** `postfolio init …` with its standard input and output pipes: no terminal. */
function init(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, 'init', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const shellQuoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * `postfolio init …` on a pseudo-terminal of its own: util-linux's `script` runs it with a
 * terminal for its standard input and output, and relays what the test writes and what the
 * command shows. `answer` waits until the screen shows the words, then types the keys.
 */
function initOnTerminal(args: string[]) {
  const command = [process.execPath, BIN, 'init', ...args].map(shellQuoted).join(' ');
  const child = spawn(
    'script',
    ['--quiet', '--return', '--flush', '--command', command, '/dev/null'],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', SHELL: '/bin/sh' },
    },
  );
  let shown = '';
  let seen = 0;
  const waiting = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    shown += stripVTControlCharacters(chunk.toString());
    for (const check of waiting) check();
  });
  const exited = new Promise<number | null>((done) => child.once('close', done));
  return {
    /** Waits for `words` on the screen after what was answered before, then types `keys`. */
    async answer(words: string, keys: string): Promise<string> {
      const screen = await new Promise<string>((found, failed) => {
        const check = () => {
          const at = shown.indexOf(words, seen);
          if (at === -1) return;
          waiting.delete(check);
          seen = at + words.length;
          found(shown.slice(at));
        };
        waiting.add(check);
        void exited.then(() => failed(new Error(`exited before showing ${words}:\n${shown}`)));
        check();
      });
      child.stdin.write(keys);
      return screen;
    },
    exited,
    shown: () => shown,
  };
}

describe('postfolio init', () => {
  it('asks nothing without a terminal, and writes the flags into the commented defaults', async () => {
    const dir = join(root, 'flags');
    const result = init([
      dir,
      '--name',
      'Grace Hopper',
      '--title',
      'Nanoseconds',
      '--url',
      'https://grace.example',
      '--accent',
      '#6a1b9a',
      '--link',
      'github=https://github.com/grace',
      '--link',
      'website=https://grace.example/talks Talks',
    ]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).not.toContain('A few questions');
    expect(result.out).toContain(`Created ${dir}: site.yaml`);
    await expectSiteYamlHolds(dir, {
      ...TEMPLATE_ANSWERS,
      name: 'Grace Hopper',
      title: 'Nanoseconds',
      url: 'https://grace.example',
      accent: '#6a1b9a',
      links: [
        { kind: 'github', url: 'https://github.com/grace' },
        { kind: 'website', url: 'https://grace.example/talks', label: 'Talks' },
      ],
    });
  });

  it('lists a flag for each question in its help', () => {
    const help = spawnSync(process.execPath, [BIN, 'init', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const flag of [
      '--name <name>',
      '--title <title>',
      '--description <text>',
      '--url <url>',
      '--accent <#rrggbb>',
      '--link <kind=url>',
      '-y, --yes',
    ])
      expect(help.stdout).toContain(flag);
  });

  it('writes the commented defaults as they are, with no flag and no terminal', () => {
    const dir = join(root, 'plain');
    expect(init([dir]).code).toBe(0);
    expect(readFileSync(join(dir, 'site.yaml'), 'utf8')).toBe(SITE_YAML);
  });

  it('refuses a bad flag in one line, exit status 2, and writes nothing', () => {
    const dir = join(root, 'refused');
    const result = init([dir, '--accent', '#ffcc00']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^postfolio: --accent: "#ffcc00" reads at 1\.\d:1 .* A nearby colour that passes: #[0-9a-f]{6} \(4\.\d:1\)\n$/,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('asks on a terminal what the flags left, again after a refused answer, and writes it', async () => {
    const dir = join(root, 'asked');
    const run = initOnTerminal([dir, '--title', 'Notes', '--description', 'About things.']);
    await run.answer('Your name', 'Ada Lovelace\r');
    await run.answer('Where it will live', 'https://ada.example\r');
    await run.answer('Accent colour', 'blue\r');
    await run.answer('"blue" is not a colour', '\x7f\x7f\x7f\x7f#6a1b9a\r');
    await run.answer('A link of yours', 'https://github.com/ada\r');
    await run.answer('Which kind of link', '\r');
    await run.answer('Another link', '\r');
    expect(await run.exited, run.shown()).toBe(0);
    await expectSiteYamlHolds(dir, {
      name: 'Ada Lovelace',
      title: 'Notes',
      description: 'About things.',
      url: 'https://ada.example',
      accent: '#6a1b9a',
      links: [{ kind: 'github', url: 'https://github.com/ada' }],
    });
  });

  it('stops at Ctrl-C on a terminal with nothing written, exit status 130', async () => {
    const dir = join(root, 'stopped');
    const run = initOnTerminal([dir]);
    await run.answer('Your name', 'Ada\r');
    await run.answer("The site's title", '\x03');
    expect(await run.exited).toBe(130);
    expect(run.shown()).toContain('postfolio: init stopped; nothing was written');
    expect(existsSync(dir)).toBe(false);
  });
});
