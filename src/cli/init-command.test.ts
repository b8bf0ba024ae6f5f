// Before any module that asks: it gives Inquirer's prompts a screen the test reads and types on.
import { screen } from '@inquirer/testing/vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore } from '../../test/helpers/stores.js';
import { importContent } from '../server/content/import.service.js';
import { loadSiteConfig } from '../server/content/site-config.js';
import { configOf, parseSettingsFile, siteSettings } from '../server/settings/site-file.js';
import { FolderNotEmptyError, initContentFolder, runInit } from './init-command.js';
import { SITE_YAML } from './init-template.js';
import { UsageError } from './usage.js';
import { expectSiteYamlHolds, TEMPLATE_ANSWERS } from '../../test/helpers/init-site.js';

const root = mkdtempSync(join(tmpdir(), 'postfolio-init-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('postfolio init', () => {
  it('writes a folder that imports as it is, with the schemas its files name', async () => {
    const dir = join(root, 'site');
    const files = await initContentFolder(dir, { now: new Date('2026-05-05T12:00:00Z') });
    expect(files).toEqual([
      'site.yaml',
      'posts/hello-world.md',
      'images/cover.svg',
      'postfolio.env',
      '.gitignore',
      'schema/site.schema.json',
      'schema/post.schema.json',
    ]);
    for (const file of ['site.yaml', 'posts/hello-world.md']) {
      const text = readFileSync(join(dir, file), 'utf8');
      const schema = /# yaml-language-server: \$schema=(\S+)/.exec(text)?.[1];
      expect(schema, file).toBeDefined();
      expect(existsSync(join(dirname(join(dir, file)), schema!)), `${file} → ${schema}`).toBe(true);
    }
    expect(readFileSync(join(dir, 'schema/post.schema.json'), 'utf8')).toBe(
      readFileSync('docs/schema/post.schema.json', 'utf8'),
    );
    expect((await loadSiteConfig(join(dir, 'site.yaml'))).categories).toEqual([
      { slug: 'notes', name: 'Notes', description: 'Short things I learned.' },
    ]);
    const test = await createTestStore('sqlite');
    try {
      const summary = await importContent(test.store, {
        contentDir: dir,
        imagesDir: mkdtempSync(join(tmpdir(), 'postfolio-init-images-')),
      });
      expect(summary).toMatchObject({ created: 1, categories: 1 });
    } finally {
      await test.drop();
    }
  });

  it("writes the site's settings: its own store and images inside the folder", async () => {
    const dir = join(root, 'settings');
    await initContentFolder(dir);
    const settings = siteSettings(dir, {}, true);
    const config = configOf(settings);
    expect(config.databaseUrl).toBe(join(dir, 'data', 'postfolio.db'));
    expect(config.imagesDir).toBe(join(dir, 'data', 'images'));
    expect(config.port).toBe(3000);
    expect(settings.sources.DATABASE_URL).toMatchObject({ kind: 'file' });
    // Every commented example is a setting the file takes once uncommented.
    const text = readFileSync(join(dir, 'postfolio.env'), 'utf8');
    const examples = text
      .split('\n')
      .filter((line) => /^# [A-Z_]+=/.test(line))
      .map((line) => line.slice(2));
    expect(examples.length).toBeGreaterThan(5);
    expect(() => parseSettingsFile(examples.join('\n'), 'examples')).not.toThrow();
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('/data/\n');
  });

  it('has examples of the brand, links and navigation that site.yaml takes once they are uncommented', async () => {
    const lines = SITE_YAML.split('\n');
    const from = (start: string) => lines.indexOf(start);
    const linksExample = lines.slice(from('#   links:'), from('links: []'));
    const uncommented = [
      ...lines.slice(0, from('links: []')).filter((line) => !linksExample.includes(line)),
      ...linksExample.map((line) => line.slice('#   '.length)),
      ...lines.slice(from('links: []') + 1, from('# navigation:')),
      ...lines.slice(from('# navigation:')).map((line) => line.replace(/^# /, '')),
    ]
      .join('\n')
      .replace(/^( +)# ((logo|photo|icon|font|code_theme|dark): )/gm, '$1$2');
    const file = join(root, 'examples.yaml');
    writeFileSync(file, uncommented);
    const config = await loadSiteConfig(file);
    expect(Object.keys(config.brand ?? {}).sort()).toEqual(
      ['accent', 'code_theme', 'font', 'icon', 'logo', 'photo'].sort(),
    );
    expect(config.brand?.accent).toEqual({ light: '#0b5cad', dark: '#7db4ff' });
    expect(config.links?.map((link) => link.kind)).toEqual(['github', 'mastodon', 'website']);
    expect(config.navigation).toHaveLength(2);
  });

  it('takes an empty folder', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect(await initContentFolder(dir)).toHaveLength(7);
  });

  it('refuses a folder that holds anything, and writes nothing into it', async () => {
    const dir = join(root, 'owned');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const error = await initContentFolder(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolderNotEmptyError);
    expect((error as Error).message).toBe(
      `${dir} is not empty (1 entry); init writes a new content folder: name a new or empty one`,
    );
    expect(existsSync(join(dir, 'site.yaml'))).toBe(false);
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    await expect(initContentFolder(file)).rejects.toThrow(`${file} is a file, not a folder`);
  });
});

/** Types an answer at the prompt on the screen and waits for what comes next. */
async function answer(text: string): Promise<void> {
  if (text) screen.type(text);
  screen.keypress('enter');
  await screen.next();
}

type Step = [shown: string | RegExp, typed: string];

/** Expects the question on the screen, then types the answer (empty: Enter, taking what is offered). */
function reply([shown, typed]: Step): void {
  if (typeof shown === 'string') expect(screen.getScreen()).toContain(shown);
  else expect(screen.getScreen()).toMatch(shown);
  if (typed) screen.type(typed);
  screen.keypress('enter');
}

/**
 * Each question, as the screen must show it, and the answer typed, waiting for the next question
 * after each; then `last`, the answer that ends the questions, after which nothing comes.
 */
async function converse(steps: Step[], last?: Step): Promise<void> {
  for (const step of steps) {
    reply(step);
    await screen.next();
  }
  if (last) reply(last);
}

describe('postfolio init on a terminal', () => {
  it('asks for the name, title, description, address, accent and links, and writes them into site.yaml', async () => {
    const dir = join(root, 'asked');
    const done = runInit(dir, {}, { ask: true });
    await screen.next();
    await converse(
      [
        ['Your name', "Ada O'Brien"],
        // The title offers the name.
        ["The site's title (Ada O'Brien)", ''],
        ['The site in one line', 'Compilers: notes # and more'],
        ['Where it will live', 'https://ada.example'],
        ['Accent colour, #rrggbb (#0b5cad)', '#6a1b9a'],
        ['A link of yours', 'https://github.com/ada'],
        // Its kind: the one its address says, offered first.
        [/❯ github/, ''],
        ['Another link', 'https://ada.example/talks'],
        [/❯ website/, ''],
        ['Its label (ada.example)', 'My talks'],
        ['Another link', 'mailto:ada@example.com'],
        [/❯ email/, ''],
      ],
      ['Another link', ''],
    );
    expect(await done).toContain('site.yaml');
    const { text } = await expectSiteYamlHolds(dir, {
      name: "Ada O'Brien",
      title: "Ada O'Brien",
      description: 'Compilers: notes # and more',
      url: 'https://ada.example',
      accent: '#6a1b9a',
      links: [
        { kind: 'github', url: 'https://github.com/ada' },
        { kind: 'website', url: 'https://ada.example/talks', label: 'My talks' },
        { kind: 'email', url: 'mailto:ada@example.com' },
      ],
    });
    // The template's comments are where they were, the examples of the other brand fields too.
    for (const line of [
      '# The landing page (/) shows two cards.',
      '  url: https://ada.example # where the site will live (feeds and links use it)',
      '  # logo: logo.svg # a file in images/ for the top bar; without one, your initials',
      '  # photo: me.jpg',
      '  # icon: icon.png',
      '  # font: system',
      '  # code_theme:',
      '# navigation:',
    ])
      expect(text).toContain(line);
  });

  it('asks a refused answer again, showing why, and takes the corrected one', async () => {
    const dir = join(root, 'refused');
    const done = runInit(
      dir,
      { name: 'Ada', title: 'Notes', description: 'About things.' },
      { ask: true },
    );
    await screen.next();
    expect(screen.getScreen()).toContain('Where it will live');
    await answer('ada.example');
    expect(screen.getScreen()).toContain(
      '"ada.example" is not an absolute http(s) URL; write https://…',
    );
    for (const _ of 'ada.example') screen.keypress('backspace');
    await answer('https://ada.example');
    await answer('blue');
    expect(screen.getScreen()).toContain(
      '"blue" is not a colour; write it as #rrggbb, e.g. #0b5cad',
    );
    for (const _ of 'blue') screen.keypress('backspace');
    // A colour, but too pale to read on the page: its ratio and a colour that passes are named.
    await answer('#7aa7d9');
    const refused = screen.getScreen();
    expect(refused).toMatch(
      /"#7aa7d9" reads at 2\.\d:1 as text on .* in the light scheme; WCAG AA asks 4\.5:1\. A nearby colour that passes: (#[0-9a-f]{6}) \(4\.\d:1\)/,
    );
    const nearby = /passes: (#[0-9a-f]{6})/.exec(refused)![1]!;
    for (const _ of '#7aa7d9') screen.keypress('backspace');
    await answer(nearby);
    await answer('github.com/ada');
    expect(screen.getScreen()).toContain(
      '"github.com/ada" is not a URL; write https://…, mailto:… or a path starting with /',
    );
    for (const _ of 'github.com/ada') screen.keypress('backspace');
    // The last question: an empty link ends the list.
    screen.keypress('enter');
    expect(await done).toContain('site.yaml');
    await expectSiteYamlHolds(dir, {
      name: 'Ada',
      title: 'Notes',
      description: 'About things.',
      url: 'https://ada.example',
      accent: nearby,
      links: [],
    });
  });

  it('does not ask what a flag gave', async () => {
    const dir = join(root, 'half-asked');
    const done = runInit(
      dir,
      {
        name: 'Ada',
        description: 'About things.',
        accent: '#6a1b9a',
        link: ['github=https://github.com/ada'],
      },
      { ask: true },
    );
    await screen.next();
    // The accent and the links came as flags: the address is the last question.
    await converse([["The site's title (Ada)", 'Ada writes']], ['Where it will live', '']);
    expect(await done).toContain('site.yaml');
    await expectSiteYamlHolds(dir, {
      name: 'Ada',
      title: 'Ada writes',
      description: 'About things.',
      url: 'https://example.com',
      accent: '#6a1b9a',
      links: [{ kind: 'github', url: 'https://github.com/ada' }],
    });
  });

  it('asks a link of a kind again for the address that kind wants', async () => {
    const dir = join(root, 'link-kind');
    const done = runInit(
      dir,
      { name: 'Ada', title: 'Notes', description: 'About things.', url: 'https://ada.example' },
      { ask: true },
    );
    await screen.next();
    await converse([
      ['Accent colour', ''],
      ['A link of yours', 'https://social.example/about'],
    ]);
    // Mastodon, four up from the website offered: its links are profiles, /@name.
    expect(screen.getScreen()).toMatch(/❯ website/);
    for (const _ of 'four') screen.keypress('up');
    await converse([
      [/❯ mastodon/, ''],
      [
        "The address is a Mastodon link; write its url as the profile's address, https://host/@user",
        '',
      ],
    ]);
    // Enter on the address as it was: refused again; then corrected.
    expect(screen.getScreen()).toContain('is a Mastodon link');
    for (const _ of 'https://social.example/about') screen.keypress('backspace');
    await converse([['https://host/@user', 'https://social.example/@ada']], ['Another link', '']);
    expect(await done).toContain('site.yaml');
    await expectSiteYamlHolds(dir, {
      ...TEMPLATE_ANSWERS,
      name: 'Ada',
      title: 'Notes',
      description: 'About things.',
      url: 'https://ada.example',
      links: [{ kind: 'mastodon', url: 'https://social.example/@ada' }],
    });
  });

  it('writes nothing when Ctrl-C stops the questions', async () => {
    const dir = join(root, 'stopped');
    const done = runInit(dir, {}, { ask: true });
    await screen.next();
    await answer('Ada');
    screen.keypress({ name: 'c', ctrl: true });
    expect(await done).toBeUndefined();
    expect(existsSync(dir)).toBe(false);
  });
});

describe('postfolio init without questions', () => {
  it('writes the commented defaults as they are, with no flag', async () => {
    const dir = join(root, 'defaults');
    await runInit(dir, {}, { ask: false });
    const { text } = await expectSiteYamlHolds(dir, TEMPLATE_ANSWERS);
    expect(text).toBe(SITE_YAML);
  });

  it("writes the flags' answers into the defaults", async () => {
    const dir = join(root, 'flags');
    await runInit(
      dir,
      {
        name: 'Grace Hopper',
        title: 'Nanoseconds',
        description: 'Notes from the Navy.',
        url: 'https://grace.example',
        accent: '#c0392b',
        link: [
          'mastodon=https://hachyderm.io/@grace',
          'website=https://grace.example/talks  Talks and lectures',
        ],
      },
      { ask: false },
    );
    const { config, text } = await expectSiteYamlHolds(dir, {
      name: 'Grace Hopper',
      title: 'Nanoseconds',
      description: 'Notes from the Navy.',
      url: 'https://grace.example',
      accent: '#c0392b',
      links: [
        { kind: 'mastodon', url: 'https://hachyderm.io/@grace' },
        { kind: 'website', url: 'https://grace.example/talks', label: 'Talks and lectures' },
      ],
    });
    // What no flag gave keeps its default.
    expect(config.landing.student.title).toBe('Learning too?');
    expect(text).toContain('# Every post names one of these slugs');
  });

  it('refuses a bad flag before it writes anything, naming the flag and the problem', async () => {
    const dir = join(root, 'bad-flags');
    const refusals: Array<[Parameters<typeof runInit>[1], string | RegExp]> = [
      [{ accent: 'blue' }, '--accent: "blue" is not a colour; write it as #rrggbb, e.g. #0b5cad'],
      [
        { accent: '#ffcc00' },
        /^--accent: "#ffcc00" reads at 1\.\d:1 .* A nearby colour that passes: #[0-9a-f]{6} \(4\.\d:1\)$/,
      ],
      [{ url: '/mine' }, '--url: "/mine" is not an absolute http(s) URL; write https://…'],
      [{ name: '  ' }, '--name: is blank; write some text'],
      [
        { link: ['github'] },
        '--link "github" is not kind=url; write e.g. --link github=https://github.com/you',
      ],
      [
        { link: ['myspace=https://myspace.com/x'] },
        '--link "myspace=https://myspace.com/x": "myspace" is not a kind of link; write one of github, gitlab, linkedin, mastodon, bluesky, email, rss, website',
      ],
      [
        { link: ['website=https://ada.example'] },
        '--link "website=https://ada.example": a website link needs a label after its url: --link "website=https://ada.example My talks"',
      ],
      [
        { link: ['mastodon=https://social.example/about'] },
        `--link "mastodon=https://social.example/about" is a Mastodon link; write its url as the profile's address, https://host/@user`,
      ],
      [
        { link: ['email=ada@example.com'] },
        '--link "email=ada@example.com": "ada@example.com" is not a URL; write https://…, mailto:… or a path starting with /',
      ],
      [
        { link: Array.from({ length: 13 }, (_, i) => `github=https://github.com/${i}`) },
        '--link: has 13 entries; at most 12 are allowed',
      ],
    ];
    for (const [flags, message] of refusals) {
      const error = await runInit(dir, flags, { ask: false }).catch((e: unknown) => e);
      expect(error, String(message)).toBeInstanceOf(UsageError);
      if (typeof message === 'string') expect((error as Error).message).toBe(message);
      else expect((error as Error).message).toMatch(message);
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('leaves no folder when stopped while it writes', async () => {
    const dir = join(root, 'aborted', 'site');
    const error = await initContentFolder(dir, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('AbortError');
    expect(existsSync(join(root, 'aborted'))).toBe(false);
    // An empty folder that was there stays, empty.
    const empty = join(root, 'kept-empty');
    mkdirSync(empty);
    await expect(initContentFolder(empty, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(readdirSync(empty)).toEqual([]);
  });
});
