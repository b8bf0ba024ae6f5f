import { manyPosts, type FixturePost } from './content-fixture.js';

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
