import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { jsonSchemaFiles, SCHEMA_DIR } from './json-schemas.js';
import { POST_FILE_SUFFIXES } from './post-file.js';

const files = jsonSchemaFiles();
const published = (name: string) => readFileSync(join(SCHEMA_DIR, name), 'utf8');

function compile(name: string) {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv, ['email']);
  // Editors (VS Code, the YAML language server) show it when a pattern does not match.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  return ajv.compile(JSON.parse(published(name)) as object);
}

describe('the published JSON Schemas', () => {
  it.each(Object.keys(files))('docs/schema/%s is what `npm run schemas` writes', (name) => {
    expect(published(name), 'run `npm run schemas` and commit docs/schema/').toBe(files[name]);
  });

  it('takes the demo site.yaml and refuses a spoiled one', () => {
    const check = compile('site.schema.json');
    const site = parse(readFileSync('content/site.yaml', 'utf8')) as Record<string, object>;
    expect(check(site), JSON.stringify(check.errors)).toBe(true);
    expect(check({ ...site, theme: 'dark' })).toBe(false);
    expect(check({ ...site, site: { ...site.site, language: 'English' } })).toBe(false);
  });

  it('takes the front matter of every demo post and refuses a bad date', () => {
    const check = compile('post.schema.json');
    const posts = readdirSync('content/posts').filter((f) =>
      POST_FILE_SUFFIXES.some((s) => f.endsWith(s)),
    );
    expect(posts.length).toBeGreaterThan(10);
    for (const file of posts) {
      const raw = readFileSync(join('content/posts', file), 'utf8');
      // Read as the import reads it: YAML 1.2, where an unquoted 2026-05-05 is text.
      const front = parse(raw.slice(4, raw.indexOf('\n---', 4))) as Record<string, unknown>;
      expect(check(front), `${file}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    expect(check({ title: 'T', category: 'c', image: 'a.svg', date: 'May 5' })).toBe(false);
    expect(check({ title: 'T', category: 'c', image: 'a.svg', date: '2026-05-05' })).toBe(true);
  });

  it('names the schema in the demo site.yaml and posts', () => {
    expect(readFileSync('content/site.yaml', 'utf8')).toContain(
      '# yaml-language-server: $schema=../docs/schema/site.schema.json',
    );
    for (const file of readdirSync('content/posts'))
      expect(readFileSync(join('content/posts', file), 'utf8')).toMatch(
        /^---\n# yaml-language-server: \$schema=\.\.\/\.\.\/docs\/schema\/post\.schema\.json\n/,
      );
  });
});
