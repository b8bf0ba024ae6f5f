import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrationDataTag } from '../../shared/hydration-data.js';
import { styleHash } from '../http/security-headers.js';
import { ROUTE_MODULES_META, SERVED_FONT_MODULE } from '../../shared/route-modules-meta.js';
import { entryFiles, type ViteManifest } from './vite-manifest.js';

/** Put after the app's inlined stylesheet: the site's look follows it, so that it overrides it. */
const LOOK_SLOT = '<!--app-look-->';

/** Where index.html takes a page's parts, in the order they appear. */
const SLOTS = [
  '<html lang="en">',
  '<!--app-head-->',
  LOOK_SLOT,
  '<!--app-html-->',
  '<!--app-data-->',
] as const;

/** `text` cut at each of `slots`, found in order: one more piece than slots. */
function cutAt(text: string, slots: readonly string[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const slot of slots) {
    const at = text.indexOf(slot, from);
    if (at < 0) throw new Error(`index.html has no ${slot} after position ${from}`);
    pieces.push(text.slice(from, at));
    from = at + slot.length;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** The built index.html and the Vite manifest: what a page needs besides its own HTML. */
export class PageTemplate {
  /**
   * index.html (its stylesheet inlined) cut at its slots: a page is one concatenation of these
   * and its parts: four `replace` calls copied the whole page four times (≈ 130 KB of garbage a
   * post page, collected by the young generation's scavenges). The slots are looked for in the
   * template alone, never in a page's parts.
   */
  private readonly pieces: string[];
  private readonly manifest: ViteManifest;
  private readonly assetsOf = new Map<string, string>();
  /**
   * What the boot script imports after the first paint on every page: the app, in stages
   * (src/web/boot.ts).
   */
  private readonly bootModules: string[];

  /** CSP hashes of the stylesheets inlined into the template. */
  readonly styleHashes: string[] = [];

  constructor(clientDir: string) {
    this.manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
    this.bootModules = (this.manifest['index.html']?.dynamicImports ?? []).filter(
      (key) => key !== SERVED_FONT_MODULE,
    );
    // The whole stylesheet (a few KB) goes inline: no request blocks the first paint.
    const template = readFileSync(join(clientDir, 'index.html'), 'utf8').replace(
      /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
      (_tag, href: string) => {
        const css = readFileSync(join(clientDir, href), 'utf8');
        this.styleHashes.push(styleHash(css));
        return `<style>${css}</style>`;
      },
    );
    const lastStyle = template.lastIndexOf('</style>');
    const lookAt = lastStyle < 0 ? template.indexOf('</head>') : lastStyle + '</style>'.length;
    this.pieces = cutAt(`${template.slice(0, lookAt)}${LOOK_SLOT}${template.slice(lookAt)}`, SLOTS);
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
    /** The site's look (brand/site-look.ts), after the app's stylesheet. */
    look: string;
  }): string {
    const [start, head, look, html, data, end] = this.pieces as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return (
      `${start}<html lang="${parts.language}">${head}${parts.head}\n    ${this.assetTags(parts.modules)}` +
      `${look}${parts.look}${html}${parts.html}${data}${hydrationDataTag(parts.hydration)}${end}`
    );
  }
}
