import { join, relative, resolve } from 'node:path';
import type { SiteConfig } from '../../../shared/schemas/site-config.js';
import { listFiles } from '../content-folder.js';
import { ContentFileError } from '../post-file.js';
import { loadSiteConfig, SITE_CONFIG_FILE } from '../site-config.js';
import { listPostFiles } from './post-files.js';
import { readThemeStylesheet, type ThemeStylesheet } from '../../brand/theme-stylesheet.js';

/** What an import reads of the content folder before it parses a post. */
export interface ContentFolder {
  dir: string;
  /** The folder's images/: every file an image, named by its path under it. */
  imagesDir: string;
  availableImages: Set<string>;
  /** Null when site.yaml was refused (its problem is among `failures`). */
  site: SiteConfig | null;
  categorySlugs: Set<string>;
  /** The post files, in the order they are imported. */
  files: string[];
  /** Problems found so far; later stages add theirs. */
  failures: ContentFileError[];
  /** The folder's theme.css (brand/theme-stylesheet.ts), or null without one. */
  theme: ThemeStylesheet | null;
}

/** Reads the site config, the image names and the post file names; bad files land in `failures`. */
export async function readContentFolder(contentDir: string): Promise<ContentFolder> {
  const dir = resolve(contentDir);
  const imagesDir = join(dir, 'images');
  const failures: ContentFileError[] = [];
  const site = await loadSiteConfig(join(dir, SITE_CONFIG_FILE)).catch((error: unknown) => {
    if (error instanceof ContentFileError) {
      failures.push(error);
      return null;
    }
    throw error;
  });
  const availableImages = new Set(
    (await listFiles(imagesDir, '')).map((file) => relative(imagesDir, file)),
  );
  const named: Array<[field: string, name: string | undefined]> = [
    ...(site?.portfolio.products ?? []).map((p): [string, string | undefined] => [
      'product image',
      p.image,
    ]),
    ['brand.logo', site?.brand?.logo],
    ['brand.photo', site?.brand?.photo],
  ];
  for (const [field, name] of named)
    if (name !== undefined && !availableImages.has(name))
      failures.push(
        new ContentFileError(join(dir, SITE_CONFIG_FILE), [`${field} "${name}" is not in images/`]),
      );
  const theme = await readThemeStylesheet(dir, site?.brand).catch((error: unknown) => {
    if (!(error instanceof ContentFileError)) throw error;
    failures.push(error);
    return null;
  });
  return {
    dir,
    imagesDir,
    availableImages,
    site,
    categorySlugs: new Set(site?.categories.map((c) => c.slug)),
    files: await listPostFiles(join(dir, 'posts')),
    failures,
    theme,
  };
}
