import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The source files of src/, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What each file imports at run time from src/ (`import type` is erased, so it never loops). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const statement = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms;
  return new Map(
    files.map((file) => {
      const targets = [...readFileSync(file, 'utf8').matchAll(statement)].flatMap(([, spec]) => {
        const base = join(dirname(file), spec!).replace(/\.js$/, '');
        return [`${base}.ts`, `${base}.tsx`].filter((candidate) => known.has(candidate));
      });
      return [file, targets];
    }),
  );
}

/** Every circle met by a depth-first walk, as the files around it. */
function circles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports in src/', () => {
  it('run one way: no module imports itself through others', () => {
    expect(circles(importGraph(sources('src'))).map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
