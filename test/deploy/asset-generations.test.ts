import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prune, save } from '../../scripts/asset-generations.js';

/** A client build's output as Vite writes it: its manifest and the files it names. */
function build(dir: string, files: { entry: string; css: string; image: string }) {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: files.entry, css: [files.css], assets: [files.image] },
    }),
  );
  for (const file of Object.values(files)) {
    writeFileSync(join(dir, file), 'x');
    writeFileSync(join(dir, `${file}.br`), 'x');
  }
}

describe('asset generations: the previous client build stays servable, older ones go', () => {
  it('keeps the assets of the current and the previous build, with their compressed forms', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-assets-'));
    const generation = (n: number) => ({
      entry: `assets/index-${n}.js`,
      css: `assets/app-${n}.css`,
      image: `assets/logo-${n}.svg`,
    });
    build(dir, generation(1));
    for (const n of [2, 3]) {
      save(dir);
      build(dir, generation(n));
      prune(dir);
    }
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual(
      [2, 3]
        .flatMap((n) => Object.values(generation(n)).flatMap((f) => [f, `${f}.br`]))
        .map((f) => f.slice('assets/'.length))
        .sort(),
    );
  });

  it('a first build (no previous manifest) keeps its own assets and removes strays', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-assets-'));
    build(dir, { entry: 'assets/a.js', css: 'assets/a.css', image: 'assets/a.svg' });
    writeFileSync(join(dir, 'assets', 'stray.js'), 'x');
    expect(prune(dir)).toEqual(['assets/stray.js']);
  });
});
