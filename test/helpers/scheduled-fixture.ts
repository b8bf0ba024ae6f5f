import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manyPosts, postFile, type FixturePost } from './content-fixture.js';

/** The date of the post the schedule tests publish by moving their clock. */
export const LAUNCH = '2030-06-01T12:00:00.000Z';

/** `count` published news posts, `old-1` up, the first tagged like the launch post. */
export function oldNews(count: number): FixturePost[] {
  return manyPosts(count, 'news', 'old').map((p, i) => (i === 0 ? { ...p, tags: ['rockets'] } : p));
}

/** A news post dated LAUNCH: hidden until the clock reaches it. */
export const LAUNCH_POST: FixturePost = {
  slug: 'launch',
  title: 'Quasar launch day',
  category: 'news',
  body: 'The quasar launches today.',
  date: LAUNCH,
  tags: ['rockets'],
};

/** The title of the posts `importAhead` schedules. */
export const AHEAD_TITLE = 'Launch on the dot';

/** The public lifetime a running server gives its answers before a publication: it knows when. */
export function expiresBeforePublication(cacheControl: string): boolean {
  const maxAge = Number(/(?:^|[ ,])max-age=(\d+)/.exec(cacheControl)?.[1]);
  // More than 0 s left: a publication of an earlier attempt, now past, gives max-age=0.
  return maxAge > 0 && cacheControl.includes('stale-while-revalidate=0');
}

/**
 * Adds a news post dated `leadMs` ahead to the content folder of a running server, imports it
 * (`importPost`) and asks `learned` until it holds, which must happen before the post's time: the
 * lead covers the server's read of the store (content-state.ts) and the last second, in which
 * `expiresBeforePublication` cannot tell. When the import and the server took until then (a
 * loaded host), it tries again with another post twice as far ahead, so that a test waits
 * seconds for the clock, not a slow host's margin.
 */
export async function importAhead(
  contentDir: string,
  importPost: () => Promise<unknown>,
  learned: (post: { slug: string; at: number }) => Promise<boolean>,
  leadMs = 2500,
): Promise<{ slug: string; at: number }> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const slug = `launch-${attempt}`;
    const at = Date.now() + leadMs * 2 ** (attempt - 1);
    const post = {
      slug,
      title: AHEAD_TITLE,
      category: 'news',
      body: 'Published by the clock, not by an import.',
      date: new Date(at).toISOString(),
    };
    writeFileSync(join(contentDir, 'posts', `${slug}.md`), postFile(post));
    await importPost();
    for (;;) {
      const done = await learned({ slug, at });
      // Every answer `learned` read arrived before the post's time.
      if (Date.now() >= at) break;
      if (done) return { slug, at };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('the server did not learn of a post imported 40 s ahead of its time');
}
