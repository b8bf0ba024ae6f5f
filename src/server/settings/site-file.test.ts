import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.js';
import { masked } from './masked.js';
import {
  configOf,
  describeSource,
  parseSettingsFile,
  resolveSettingPath,
  siteSettings,
} from './site-file.js';
import { SETTING_NAMES } from './vocabulary.js';

/** A site folder holding `text` as its postfolio.env. */
function site(text?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pf-settings-'));
  if (text !== undefined) writeFileSync(join(dir, 'postfolio.env'), text);
  return dir;
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('a settings file', () => {
  it('reads dotenv lines with Node’s parser: comments, quotes, export, blank lines', () => {
    const text = [
      '# the site',
      '',
      'PORT=8080',
      'export HOST=127.0.0.1',
      'PUBLIC_URL = https://example.com  # where it lives',
      'SMTP_URL="smtp://me:p%23ss@mail.example.com:587" # quoted',
      "EMPLOYER_EMAIL='hiring@example.com'",
      'PREVIEW_SECRET=',
    ].join('\n');
    expect(parseSettingsFile(text, 'site/postfolio.env')).toEqual([
      { name: 'PORT', value: '8080', line: 3 },
      { name: 'HOST', value: '127.0.0.1', line: 4 },
      { name: 'PUBLIC_URL', value: 'https://example.com', line: 5 },
      { name: 'SMTP_URL', value: 'smtp://me:p%23ss@mail.example.com:587', line: 6 },
      { name: 'EMPLOYER_EMAIL', value: 'hiring@example.com', line: 7 },
      { name: 'PREVIEW_SECRET', value: '', line: 8 },
    ]);
  });

  it.each([
    [
      'PORT=1\nPROT=2',
      'f.env:2: unknown setting "PROT" (did you mean PORT?); the settings are the environment variables of docs/configuration.md (postfolio config lists them)',
    ],
    ['port=1', 'f.env:1: unknown setting "port" (did you mean PORT?)'],
    ['COLOR=blue', 'f.env:1: unknown setting "COLOR"; the settings are'],
    ['PORT 8080', 'f.env:1: "PORT 8080" is not a setting; write NAME=value (# starts a comment)'],
    ['PORT="8080', 'f.env:1: "PORT="8080" is not a setting'],
    ["PORT='8080", `f.env:1: "PORT='8080" is not a setting`],
    ['PORT=`8080', 'f.env:1: "PORT=`8080" is not a setting'],
    ['PORT=1\n\nPORT=2', 'f.env:3: PORT is set twice (also on line 1); keep one'],
    [
      'CONTENT_DIR=posts',
      'f.env:1: CONTENT_DIR cannot be set in postfolio.env: the folder that holds the settings file is the content folder',
    ],
    ['WEB_DIR=build', 'f.env:1: WEB_DIR cannot be set in postfolio.env'],
  ])('refuses %j naming the file and line', (text, message) => {
    expect(refusal(() => parseSettingsFile(text, 'f.env'))).toContain(message);
  });

  it('reads relative paths from the site folder; URLs and :memory: are not paths', () => {
    expect(resolveSettingPath('DATABASE_URL', 'data/site.db', '/srv/site')).toBe(
      '/srv/site/data/site.db',
    );
    expect(resolveSettingPath('DATABASE_URL', 'sqlite:data/site.db', '/srv/site')).toBe(
      '/srv/site/data/site.db',
    );
    expect(resolveSettingPath('DATABASE_URL', '/var/lib/site.db', '/srv/site')).toBe(
      '/var/lib/site.db',
    );
    expect(resolveSettingPath('DATABASE_URL', 'postgres://u@h/db', '/srv/site')).toBe(
      'postgres://u@h/db',
    );
    expect(resolveSettingPath('DATABASE_URL', ':memory:', '/srv/site')).toBe(':memory:');
    expect(resolveSettingPath('IMAGES_DIR', '../images', '/srv/site')).toBe('/srv/images');
    expect(resolveSettingPath('PORT', '80', '/srv/site')).toBe('80');
  });
});

describe("a site's settings", () => {
  it('take the environment first, then the file, then the defaults, and say where each came from', () => {
    const dir = site('PORT=8080\nDATABASE_URL=data/site.db\nLOG_LEVEL=debug\n');
    const settings = siteSettings(dir, { PORT: '9090', LOG_LEVEL: '' }, true);
    const config = configOf(settings);
    expect(config.port).toBe(9090);
    expect(settings.sources.PORT).toEqual({ kind: 'env' });
    // Relative to the site folder, wherever the command runs.
    expect(config.databaseUrl).toBe(join(dir, 'data', 'site.db'));
    expect(settings.sources.DATABASE_URL).toEqual({
      kind: 'file',
      file: join(dir, 'postfolio.env'),
      line: 2,
    });
    // An empty variable is unset, as the server has always read it.
    expect(config.logLevel).toBe('debug');
    expect(config.pageSize).toBe(12);
    expect(settings.sources.PAGE_SIZE).toEqual({ kind: 'default' });
    expect(config.contentDir).toBe(dir);
    expect(settings.sources.CONTENT_DIR).toEqual({ kind: 'argument' });
    expect(describeSource(settings.sources.DATABASE_URL)).toBe(`${join(dir, 'postfolio.env')}:2`);
    expect(describeSource(settings.sources.PORT)).toBe('environment');
  });

  it('without a file are the environment and the defaults, as before there was one', () => {
    const dir = site();
    const settings = siteSettings(dir, { DATABASE_URL: 'x.db' }, false);
    expect(settings.file).toBeUndefined();
    const config = configOf(settings);
    expect(config.databaseUrl).toBe('x.db');
    expect(config.imagesDir).toBe(join(process.cwd(), 'data', 'images'));
    expect(settings.sources.DATABASE_URL).toEqual({ kind: 'env' });
    expect(settings.sources.IMAGES_DIR).toEqual({ kind: 'default' });
  });

  it("refuses a bad value from the file with the file's line, the setting and what is allowed", () => {
    const dir = site('# mine\nPAGE_SIZE=500\n');
    const file = join(dir, 'postfolio.env');
    expect(refusal(() => configOf(siteSettings(dir, {}, true)))).toBe(
      `${file}:2: PAGE_SIZE must be an integer from 1 to 100, got "500"`,
    );
    writeFileSync(file, 'TRUST_PROXY=proxy.local\n');
    expect(refusal(() => configOf(siteSettings(dir, {}, true)))).toMatch(
      new RegExp(`^${file}:1: TRUST_PROXY must be a number of proxies`),
    );
    // The same value from the environment names the variable alone.
    expect(refusal(() => configOf(siteSettings(dir, { TRUST_PROXY: 'x' }, true)))).toMatch(
      /^TRUST_PROXY must be/,
    );
  });

  it('reads the file of a folder given by its relative name', () => {
    const root = mkdtempSync(join(tmpdir(), 'pf-settings-'));
    mkdirSync(join(root, 'my-site'));
    writeFileSync(join(root, 'my-site', 'postfolio.env'), 'IMAGES_DIR=pictures\n');
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const settings = siteSettings('my-site', {}, true);
      expect(settings.file).toBe(join('my-site', 'postfolio.env'));
      expect(configOf(settings).imagesDir).toBe(join(root, 'my-site', 'pictures'));
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('masked settings', () => {
  it('hide passwords in URLs, secrets and the employer address, and nothing else', () => {
    expect(masked('DATABASE_URL', 'postgres://site:s3cret@db.example:5432/site')).toBe(
      'postgres://site:****@db.example:5432/site',
    );
    expect(masked('DATABASE_URL', 'postgres://site@db.example/site')).toBe(
      'postgres://site@db.example/site',
    );
    expect(masked('DATABASE_URL', '/srv/site/data/postfolio.db')).toBe(
      '/srv/site/data/postfolio.db',
    );
    expect(masked('SMTP_URL', 'smtps://me%40x.org:p@ss@mail.example:465')).toBe(
      'smtps://me%40x.org:****@mail.example:465',
    );
    expect(masked('PREVIEW_SECRET', 'a'.repeat(40))).toBe('**** (40 characters)');
    expect(masked('EMPLOYER_EMAIL', 'hiring@example.com')).toBe('****@example.com');
    expect(masked('PORT', '3000')).toBe('3000');
  });
});

describe('the vocabulary', () => {
  it('is documented: every setting has its row in docs/configuration.md', () => {
    const doc = readFileSync('docs/configuration.md', 'utf8');
    for (const name of SETTING_NAMES) expect(doc, name).toContain(`\`${name}\``);
  });
});
