import { pagePath } from '../../../src/shared/paths.js';
/** Every screen of the product, with the address that shows it and its HTTP status. */
export const SCREENS = [
  { name: 'landing', path: '/', status: 200 },
  { name: 'resume', path: pagePath.resume(), status: 200 },
  { name: 'posts', path: pagePath.posts(), status: 200 },
  { name: 'post', path: '/full-text-search-with-fts5', status: 200 },
  { name: 'category', path: pagePath.category(3), status: 200 },
  { name: 'search', path: pagePath.search('search'), status: 200 },
  { name: 'search-empty', path: pagePath.search('中文'), status: 200 },
  { name: 'not-found', path: '/no-such-post', status: 404 },
] as const;

const screen = (name: (typeof SCREENS)[number]['name']) =>
  SCREENS.find((candidate) => candidate.name === name)!;

/**
 * Issue 21's routes, which must score 100 in Lighthouse (bench/frontend.js) and pass axe: SCREENS'
 * pages, with the demo post that holds code and a table, and an empty search in Latin letters.
 */
export const AUDITED_SCREENS = [
  screen('landing'),
  screen('resume'),
  screen('posts'),
  screen('category'),
  { name: 'post-code-table', path: pagePath.post('reading-an-explain-plan'), status: 200 },
  screen('search'),
  { name: 'search-none', path: pagePath.search('quokka'), status: 200 },
] as const;
