import type { Command } from 'commander';
import { readContentState } from '../server/content-state/content-state.js';
import { PreviewRepository } from '../server/preview/preview.repository.js';
import { parseDuration } from '../server/preview/preview-token.js';
import {
  DEFAULT_PREVIEW_MS,
  PreviewError,
  PreviewService,
} from '../server/preview/preview.service.js';
import { systemClock } from '../server/schedule/clock.js';
import { pagePath, withoutTrailingSlashes } from '../shared/paths.js';
import { siteOption, useSite } from './site.js';
import { withStore } from './store.js';
import { UsageError } from './usage.js';

const STATUS = {
  draft: 'a draft',
  scheduled: 'scheduled',
  published: 'already public; the link leads to its page',
} as const;

/** `postfolio preview <slug> [--expires 7d]`: prints a private link to a draft or scheduled post. */
export async function previewCommand(
  slug: string,
  options: { expires?: string; site?: string },
): Promise<void> {
  const lifetime =
    options.expires === undefined ? DEFAULT_PREVIEW_MS : parseDuration(options.expires);
  if (lifetime === undefined)
    throw new UsageError(
      `--expires takes a duration such as 7d, 12h or 30m (at most 366d), not "${options.expires}"`,
    );
  const site = useSite(options.site);
  const { config } = site;
  await withStore(site, async (store) => {
    const { site } = await readContentState(store.db);
    if (!site)
      throw new PreviewError(`${store.label} holds no content yet: run postfolio import first`);
    const previews = new PreviewService({
      repository: new PreviewRepository(store.db),
      clock: systemClock,
      secret: config.previewSecret,
    });
    const { token, expiresAt, status } = await previews.link(slug, lifetime);
    const origin = withoutTrailingSlashes(config.publicUrl ?? site.site.url);
    console.log(`${origin}${pagePath.preview(token)}`);
    console.error(
      `"${slug}" is ${STATUS[status]}. Anyone with the link can read it until ` +
        `${new Date(expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
  });
}

export function addPreviewCommand(program: Command): void {
  siteOption(program.command('preview'))
    .summary('print a private link to a draft or scheduled post')
    .description(
      'Prints a signed link, /preview/<token>, that shows the post exactly as its page will look, ' +
        'under a "Draft" banner, to whoever holds it, never indexed or cached. It is signed with ' +
        'PREVIEW_SECRET, or when that is unset with a secret kept in the store, and stops working ' +
        'when it expires (7 days by default).',
    )
    .usage('<slug> [--expires 7d] [--site DIR]')
    .argument('<slug>', "the post's slug")
    .option('--expires <duration>', 'how long the link works: 45s, 30m, 12h or 7d (at most 366d)')
    .action(previewCommand);
}
