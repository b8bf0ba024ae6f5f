import { describe, expect, it } from 'vitest';
import { entryFiles, type ViteManifest } from './vite-manifest.js';

const manifest: ViteManifest = {
  'index.html': { file: 'boot.js', dynamicImports: ['app.tsx'] },
  'app.tsx': { file: 'app.js', imports: ['_react.js', '_shared.js'], css: ['app.css'] },
  'posts.tsx': { file: 'posts.js', imports: ['_shared.js'], css: ['posts.css'] },
  '_react.js': { file: 'react.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'shared.js', imports: ['_react.js'] },
};

describe('entryFiles', () => {
  it('follows static imports once each, cycles included, not dynamic ones', () => {
    expect(entryFiles(manifest, ['index.html'])).toEqual({
      js: ['boot.js'],
      css: [],
      missing: [],
    });
    expect(entryFiles(manifest, ['app.tsx', 'posts.tsx'])).toEqual({
      js: ['app.js', 'react.js', 'shared.js', 'posts.js'],
      css: ['app.css', 'posts.css'],
      missing: [],
    });
  });

  it('names the entries the manifest lacks', () => {
    expect(entryFiles(manifest, ['posts.tsx', 'gone.tsx']).missing).toEqual(['gone.tsx']);
  });
});
