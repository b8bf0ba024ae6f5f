import { manyPosts, type FixturePost } from './content-fixture.js';

/** The posts the preview tests ask for: three published, a draft and one dated in 2030. */
export const PREVIEW_POSTS: FixturePost[] = [
  ...manyPosts(3, 'news', 'story'),
  {
    slug: 'secret-plans',
    title: 'Secret plans',
    category: 'news',
    body: 'The **plans** nobody may read yet.',
    date: '2025-06-01',
    draft: true,
  },
  {
    slug: 'coming-soon',
    title: 'Coming soon',
    category: 'news',
    body: 'Out next year.',
    date: '2030-01-01',
  },
];
