// What a reader's browser sends that the analytics read: its user agent, and for a JSON read the
// Sec-Fetch-Site of the site's own page (the app moving to another page), so that a bench's
// requests are counted as page views.

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Headers that make an answer, page or API read, a counted view. */
export const COUNTED_VIEW_HEADERS = {
  'user-agent': BROWSER_USER_AGENT,
  'sec-fetch-site': 'same-origin',
};
