/** Every screen of the product, with the address that shows it and its HTTP status. */
export const SCREENS = [
  { name: 'landing', path: '/', status: 200 },
  { name: 'resume', path: '/resume', status: 200 },
  { name: 'posts', path: '/posts', status: 200 },
  { name: 'post', path: '/full-text-search-with-fts5', status: 200 },
  { name: 'category', path: '/cate/3', status: 200 },
  { name: 'search', path: '/posts/search', status: 200 },
  { name: 'search-empty', path: '/posts/%E4%B8%AD%E6%96%87', status: 200 },
  { name: 'not-found', path: '/no-such-post', status: 404 },
] as const;
