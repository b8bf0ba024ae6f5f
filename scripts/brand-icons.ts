// The text of src/web/features/owner/brand-icons.ts: the paths of the services' marks that
// simple-icons (CC0) draws, copied at build time so that the package is a development dependency
// only and the pages carry just the marks a site's links use. `npm run icons` writes it; a test
// fails while the file and the installed simple-icons differ.
import { siBluesky, siGithub, siGitlab, siMastodon, siRss, type SimpleIcon } from 'simple-icons';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

export const BRAND_ICONS_FILE = join('src', 'web', 'features', 'owner', 'brand-icons.ts');

/** The kinds of link simple-icons has a mark for, by the kind's name in site.yaml. */
const MARKS: Record<string, SimpleIcon> = {
  github: siGithub,
  gitlab: siGitlab,
  mastodon: siMastodon,
  bluesky: siBluesky,
  rss: siRss,
};

/** The module's text, laid out as `prettier --write` leaves it. */
export async function brandIconsModule(): Promise<string> {
  const { version } = JSON.parse(
    readFileSync(join('node_modules', 'simple-icons', 'package.json'), 'utf8'),
  ) as { version: string };
  const entries = Object.entries(MARKS).map(
    ([kind, icon]) => `  /** ${icon.title} */\n  ${kind}: '${icon.path}',`,
  );
  const text = [
    `// Written by \`npm run icons\` (scripts/brand-icons.ts) from simple-icons ${version} (CC0 1.0).`,
    '// Do not edit: change scripts/brand-icons.ts and run it again.',
    '',
    '/** The services’ marks, each one path on a 24×24 grid, filled. */',
    'export const BRAND_ICONS = {',
    ...entries,
    '} as const;',
    '',
  ].join('\n');
  const options = await resolveConfig(BRAND_ICONS_FILE);
  return format(text, { ...options, filepath: BRAND_ICONS_FILE });
}
