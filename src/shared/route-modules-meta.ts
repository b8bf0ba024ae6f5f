/** The meta tag through which the server names the modules a page needs, app and routes (boot.ts). */
export const ROUTE_MODULES_META = 'postfolio-modules';

/**
 * The meta tag through which the server names the stylesheets a page applies after its first
 * paint (boot.ts): the brand font's @font-face rules, so that no font is fetched before it.
 */
export const AFTER_PAINT_STYLESHEETS_META = 'postfolio-stylesheets';
