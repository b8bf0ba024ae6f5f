/**
 * Hosts whose embedded players a post may frame. The sanitizer drops every other iframe and the
 * pages' CSP (`frame-src`) lets the browser load frames from these alone, so the two never
 * disagree. Kept apart from the sanitizer so that the security headers need not load it.
 */
export const FRAME_HOSTS: readonly string[] = ['www.youtube-nocookie.com', 'player.vimeo.com'];
