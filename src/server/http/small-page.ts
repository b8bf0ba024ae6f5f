import { BRAND_ROUTES } from '../../shared/paths.js';

/** Text made safe inside HTML elements and quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The site's icons and manifest at the addresses that always answer with the current brand's
 * (brand-images/), as index.html links them for the pages.
 */
export const ICON_LINKS = [
  `<link rel="icon" href="${BRAND_ROUTES.favicon}" sizes="16x16 32x32 48x48">`,
  `<link rel="apple-touch-icon" href="${BRAND_ROUTES.appleTouchIcon}">`,
  `<link rel="manifest" href="${BRAND_ROUTES.manifest}">`,
];

/** A page the server writes without the web app (an error, a form's answer). */
export interface SmallPage {
  language: string;
  /** Head elements between the viewport and the title, as HTML. */
  meta: string[];
  /** The title, as HTML. */
  title: string;
  /** Same-origin stylesheets, linked after the title. */
  stylesheets: readonly string[];
  /** The site's look after them, as HTML: the brand's stylesheet, allowed by its hash. */
  look?: string;
  /** The elements of the page's `<main>`, as HTML. */
  main: string[];
}

/**
 * The page with no script and no style attribute, only the site's stylesheets and look (which the
 * pages' CSP allows), in the error page's frame, so that it looks like the rest of the site.
 */
export function smallPage(page: SmallPage): string {
  const head = [
    ...page.meta,
    ...ICON_LINKS,
    `<title>${page.title}</title>`,
    ...page.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(page.look ? [page.look] : []),
  ];
  return `<!doctype html>
<html lang="${escapeHtml(page.language)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${head.join('\n    ')}
  </head>
  <body>
    <main id="main" class="error-page">
      ${page.main.join('\n      ')}
    </main>
  </body>
</html>
`;
}
