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

/**
 * Whether an answer's public lifetime ends at a coming publication, as a server that knows of one
 * gives it. `retry`: a post of an earlier attempt of `importAhead` has gone live, and a server
 * that has not yet moved on from it gives max-age=0 too, like one in the second before the next:
 * then only a second or more left tells.
 */
export function expiresBeforePublication(cacheControl: string, retry: boolean): boolean {
  const maxAge = Number(/(?:^|[ ,])max-age=(\d+)/.exec(cacheControl)?.[1]);
  return cacheControl.includes('stale-while-revalidate=0') && (!retry || maxAge > 0);
}

/**
 * Adds a news post dated `leadMs` ahead to the content folder of a running server, imports it
 * (`importPost`) and asks `learned` until it holds, which must happen before the post's time: the
 * lead covers the import and the server's read of the store (content-state.ts). When they took
 * until then (a loaded host), it tries again with another post twice as far ahead, so that a
 * test waits seconds for the clock, not a slow host's margin.
 */
export async function importAhead(
  contentDir: string,
  importPost: () => Promise<unknown>,
  learned: (post: { slug: string; at: number; retry: boolean }) => Promise<boolean>,
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
      const done = await learned({ slug, at, retry: attempt > 1 });
      // Every answer `learned` read arrived before the post's time.
      if (Date.now() >= at) break;
      if (done) return { slug, at };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('the server did not learn of a post imported 40 s ahead of its time');
}
