import type { SiteConfig } from '../../../shared/schemas/site-config.js';
import type { ContentRepository } from '../content.repository.js';
import type { SlugHistory } from '../slug-history.js';
import type { ImportPlan } from './plan.js';
import type { BulkWrite } from './target.js';

/** What an import changed besides the site config. */
export interface ContentChanges {
  written: number;
  deleted: number;
  imagesMoved: boolean;
  /** Every post written was one the store held, changed in its text alone (PostWriter). */
  textsOnly: boolean;
  /** With `textsOnly`, those posts' slugs when they are few; null when not listed. */
  textEditedSlugs: readonly string[] | null;
}

/**
 * With prune: removes the posts no file holds any more (their slugs answer 410 from then on)
 * and the categories neither configured nor used. Returns the posts removed.
 */
export async function removeGonePosts(
  repository: Pick<ContentRepository, 'allSlugs' | 'deletePosts' | 'deleteUnusedCategoriesExcept'>,
  history: Pick<SlugHistory, 'prune'>,
  plan: Pick<ImportPlan, 'slugs' | 'removals'>,
  categorySlugs: Set<string>,
): Promise<number> {
  await history.prune(new Set(plan.slugs.keys()));
  const gone = plan.removals(await repository.allSlugs());
  await repository.deletePosts(gone);
  await repository.deleteUnusedCategoriesExcept(categorySlugs);
  return gone.length;
}

/**
 * Moves the content version on and announces it, which drops every instance's caches: so only
 * when the import changed something. Records whether that was post texts alone (and whose), for
 * which the instances keep what no edited text is part of. Returns whether it moved.
 */
export async function publishVersion(
  repository: Pick<ContentRepository, 'siteJson' | 'publish'>,
  bulk: Pick<BulkWrite, 'announce'>,
  site: SiteConfig,
  changes: ContentChanges,
  now: string,
): Promise<boolean> {
  const siteJson = JSON.stringify(site);
  const siteMoved = (await repository.siteJson()) !== siteJson;
  const moved = changes.written > 0 || changes.deleted > 0 || changes.imagesMoved || siteMoved;
  if (!moved) return false;
  const textsOnly =
    changes.textsOnly && changes.deleted === 0 && !changes.imagesMoved && !siteMoved;
  await repository.publish(siteJson, now, textsOnly ? { slugs: changes.textEditedSlugs } : null);
  await bulk.announce();
  return true;
}
