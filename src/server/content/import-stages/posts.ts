import { ContentFileError, type LoadedPost } from '../post-file.js';
import { checkedPost, loadInOrder, sourceFor } from './parse.js';
import { ImportPlan } from './plan.js';
import type { TransactionRun } from './run.js';
import { toRow } from './write.js';

/** The state every post file is taken with: the slugs stored before, the categories' ids. */
export async function startPosts(run: TransactionRun): Promise<void> {
  const { folder, existing } = run.job;
  run.plan = new ImportPlan(existing, await run.repository.allSlugs());
  if (folder.site) run.categoryIds = await run.repository.upsertCategories(folder.site.categories);
}

/** Parses, checks and writes every post file in file order; bad files land in the failures. */
export async function writePosts(run: TransactionRun): Promise<void> {
  const { folder, loader, existing, options } = run.job;
  const loads = loadInOrder(loader, folder.files, sourceFor(folder, existing));
  let done = 0;
  for (const { path, loading } of loads) {
    try {
      await takePost(run, path, await loading);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      folder.failures.push(error);
    }
    options.onProgress?.(++done, folder.files.length);
    await run.writer.flushIfFull();
  }
  await run.writer.flush();
}

/** One loaded file: kept when unchanged, else checked, its old slug and aliases read, queued. */
async function takePost(run: TransactionRun, path: string, loaded: LoadedPost): Promise<void> {
  const { plan, folder } = run;
  if (!loaded.post) {
    plan.claim(plan.keep(path), path);
    return;
  }
  const post = checkedPost(
    path,
    loaded.post,
    folder.site ? folder.categorySlugs : null,
    folder.availableImages,
  );
  const renamed = await run.history.readPost(path, post.slug, post.aliases, plan.storedSlug(path));
  plan.write(post.slug, renamed);
  run.writer.add(toRow(post, path, loaded.hash, run.categoryIds, run.job.images.sizes), {
    slug: post.slug,
    tags: post.tags,
    publishedAt: post.publishedAt,
  });
  plan.claim(post.slug, path);
}

/** Old slugs and aliases checked against the posts written; with prune, the gone ones recorded. */
export async function settleSlugs(run: TransactionRun): Promise<void> {
  const { folder } = run;
  if (folder.site && folder.failures.length === 0)
    folder.failures.push(...(await run.history.settle(run.plan.slugs, run.prune)));
  run.postsDone = performance.now();
}
