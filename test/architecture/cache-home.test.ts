import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The one folder that decides what is cached and for how long (CONVENTIONS.md, habit 13). */
const CACHE_HOME = join('src', 'server', 'cache');

/** A Cache-Control value: any of its directives that say whether and how long to keep. */
const CACHE_CONTROL_VALUE = /max-age|no-store|no-cache|immutable|s-maxage|stale-while-revalidate/i;
/** The header's own name, which cache/cache-policy.ts exports as CACHE_CONTROL. */
const CACHE_CONTROL_NAME = /^cache-control$/i;

/** The source files of src/ outside the cache's folder, tests left out. */
function sources(dir: string): string[] {
  if (dir === CACHE_HOME) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of every string and template literal of `code` (comments are not literals). */
function literals(fileName: string, code: string): string[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each literal of `code` that names the header or holds a value of it, as `file: "text"`. */
function cachingLiterals(fileName: string, code: string): string[] {
  return literals(fileName, code)
    .filter((text) => CACHE_CONTROL_VALUE.test(text) || CACHE_CONTROL_NAME.test(text))
    .map((text) => `${fileName}: ${JSON.stringify(text)}`);
}

describe('the Cache-Control header', () => {
  it('is named and valued only under src/server/cache/', () => {
    expect(
      sources('src').flatMap((file) => cachingLiterals(file, readFileSync(file, 'utf8'))),
    ).toEqual([]);
  });

  it('finds a literal value or name, and leaves comments and other strings alone', () => {
    const code = [
      '// Sent as `public, max-age=60`, never no-store.',
      "reply.header('Cache-Control', 'public, max-age=60');",
      'const later = `public, s-maxage=${seconds}`;',
      "const headers = { 'cache-control': 'private, no-store', vary: 'accept' };",
      "const word = 'immutable-ish name';",
      "const other = 'content-type';",
    ].join('\n');
    expect(cachingLiterals('example.ts', code)).toEqual([
      'example.ts: "Cache-Control"',
      'example.ts: "public, max-age=60"',
      'example.ts: "public, s-maxage="',
      'example.ts: "cache-control"',
      'example.ts: "private, no-store"',
      'example.ts: "immutable-ish name"',
    ]);
  });
});
