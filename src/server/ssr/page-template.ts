import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrationDataTag } from '../../shared/hydration-data.js';
import { ROUTE_MODULES_META } from '../../shared/route-modules-meta.js';
import { entryFiles, type ViteManifest } from './vite-manifest.js';

/** The built index.html and the Vite manifest: what a page needs besides its own HTML. */
export class PageTemplate {
  private readonly template: string;
  private readonly manifest: ViteManifest;
  private readonly assetsOf = new Map<string, string>();
  /** What the boot script imports after the first paint: the app, in stages (src/web/boot.ts). */
  private readonly bootModules: string[];

  /** CSP hashes of the stylesheets inlined into the template. */
  readonly styleHashes: string[] = [];

  constructor(clientDir: string) {
    this.manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
    this.bootModules = this.manifest['index.html']?.dynamicImports ?? [];
    // The whole stylesheet (a few KB) goes inline: no request blocks the first paint.
    this.template = readFileSync(join(clientDir, 'index.html'), 'utf8').replace(
      /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
      (_tag, href: string) => {
        const css = readFileSync(join(clientDir, href), 'utf8');
        this.styleHashes.push(`sha256-${createHash('sha256').update(css).digest('base64')}`);
        return `<style>${css}</style>`;
      },
    );
  }

  /** Stylesheets and the modules of the app and the page's routes, so no request waits on another. */
  private assetTags(modules: string[]): string {
    const key = modules.join('|');
    const cached = this.assetsOf.get(key);
    if (cached !== undefined) return cached;
    const { js, css } = entryFiles(this.manifest, [...this.bootModules, ...modules]);
    // Named, not preloaded: the boot script fetches them after the first paint (src/web/boot.ts).
    const tags = [
      ...css.map((href) => `<link rel="stylesheet" href="/${href}">`),
      `<meta name="${ROUTE_MODULES_META}" content="${js.map((href) => `/${href}`).join(' ')}">`,
    ].join('\n    ');
    this.assetsOf.set(key, tags);
    return tags;
  }

  page(parts: {
    head: string;
    html: string;
    hydration: string;
    modules: string[];
    language: string;
  }): string {
    return this.template
      .replace('<html lang="en">', `<html lang="${parts.language}">`)
      .replace('<!--app-head-->', `${parts.head}\n    ${this.assetTags(parts.modules)}`)
      .replace('<!--app-html-->', () => parts.html)
      .replace('<!--app-data-->', () => hydrationDataTag(parts.hydration));
  }
}
