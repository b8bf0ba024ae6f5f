/**
 * The `sizes` of each place an image is shown: how wide it is drawn at each screen width, read
 * from the layout's CSS (border-box everywhere), so that the browser fetches the narrowest file
 * that fills it. Change them with the CSS they are taken from.
 */

/**
 * A card's image (features/posts/posts.css, reader/reader.css): the reader pads 1rem a side and,
 * above 60rem, gives the sidebar 15rem and a 1.5rem gap (at most 90rem in all); the grid has 1,
 * then 2 (above 40rem), then 3 (above 60rem, beside the sidebar), then 4 columns (above 75rem)
 * 1rem apart; a card has a 1px border and its body pads 1rem a side.
 */
export const CARD_IMAGE_SIZES = [
  '(max-width: 40rem) calc(100vw - 4rem - 2px)',
  '(max-width: 60rem) calc(50vw - 3.5rem - 2px)',
  '(max-width: 75rem) calc(33.333vw - 8.833rem - 2px)',
  '(max-width: 90rem) calc(25vw - 7.375rem - 2px)',
  'calc(15.125rem - 2px)',
].join(', ');

/**
 * An image across a post's column, its cover or one in its body (features/posts/post.css): the
 * article is at most 46rem with a 1px border, padded clamp(1rem, 4vw, 2.5rem) a side, in the
 * reader's column (1rem a side; the sidebar beside it above 60rem).
 */
export const POST_IMAGE_SIZES = [
  '(max-width: 25rem) calc(100vw - 4rem - 2px)',
  '(max-width: 48rem) calc(92vw - 2rem - 2px)',
  '(max-width: 60rem) calc(46rem - 8vw - 2px)',
  '(max-width: 64.5rem) calc(92vw - 18.5rem - 2px)',
  '654px',
].join(', ');

/**
 * A product's picture on the portfolio page (features/resume/resume-cards.css): columns of at
 * least 17rem in a section of at most 64rem, one column on a phone.
 */
export const PORTFOLIO_IMAGE_SIZES = [
  '(max-width: 40rem) 100vw',
  '(max-width: 64rem) 50vw',
  '22rem',
].join(', ');
