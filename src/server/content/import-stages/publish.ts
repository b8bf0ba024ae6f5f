import type { SiteConfig } from '../../../shared/schemas/site-config.js';
import type { ContentRepository } from '../content.repository.js';
import type { SlugHistory } from '../slug-history.js';
import type { ImportPlan } from './plan.js';
import type { BulkWrite } from './target.js';
import type { ChangeCollector } from './card-changes.js';
import { batches } from '../../db/batches.js';

/** What an import changed besides the site config. */
export interface ContentChanges {
  written: number;
  deleted: number;
  imagesMoved: boolean;
  /** A post's file was renamed to a new slug (slug-history.ts). */
  slugsMoved: boolean;
  /** What the posts written and removed changed (PostWriter, removeGonePosts). */
  posts: Pick<ChangeCollector, 'change'>;
}

/**
 * With prune: removes the posts no file holds any more (their slugs answer 410 from then on)
 * and the categories neither configured nor used. Returns the posts removed.
 */
export async function removeGonePosts(
  repository: Pick<
    ContentRepository,
    'allSlugs' | 'deletePosts' | 'deleteUnusedCategoriesExcept' | 'storedCards'
  >,
  history: Pick<SlugHistory, 'prune'>,
  plan: Pick<ImportPlan, 'slugs' | 'removals'>,
  categorySlugs: Set<string>,
  changes: Pick<ChangeCollector, 'removed'>,
): Promise<number> {
  await history.prune(new Set(plan.slugs.keys()));
  const gone = plan.removals(await repository.allSlugs());
  // A batch at a time: a prune may remove every post of a large store.
  for (const batch of batches(gone))
    for (const [slug, card] of await repository.storedCards(batch)) changes.removed(slug, card);
  await repository.deletePosts(gone);
  await repository.deleteUnusedCategoriesExcept(categorySlugs);
  return gone.length;
}

/**
 * Moves the content version on and announces it, which drops every instance's cached answers
 * that show what changed: so only when the import changed something. Records what it changed of
 * the posts, when that is all it changed. Returns whether it moved. A change of the site config or
 * of theme.css (`themeCss`, null without one) changes every page.
 */
export async function publishVersion(
  repository: Pick<ContentRepository, 'siteJson' | 'themeCss' | 'publish'>,
  bulk: Pick<BulkWrite, 'announce'>,
  site: SiteConfig,
  changes: ContentChanges,
  now: string,
  themeCss: string | null = null,
): Promise<boolean> {
  const siteJson = JSON.stringify(site);
  const siteMoved =
    (await repository.siteJson()) !== siteJson || (await repository.themeCss()) !== themeCss;
  const moved = changes.written > 0 || changes.deleted > 0 || changes.imagesMoved || siteMoved;
  if (!moved) return false;
  const postsAlone = !changes.imagesMoved && !changes.slugsMoved && !siteMoved;
  await repository.publish(siteJson, now, postsAlone ? changes.posts.change() : null, themeCss);
  await bulk.announce();
  return true;
}
