/** The meta tag through which the server names the modules a page needs, app and routes (boot.ts). */
export const ROUTE_MODULES_META = 'postfolio-modules';

/**
 * The meta tag through which the server names the served font's stylesheet, whose faces the boot
 * script applies after the first paint (web/served-font.ts), so that no font is fetched before it.
 */
export const SERVED_FONT_META = 'postfolio-font';

/**
 * The Vite manifest key of the module that applies the served font (web/served-font.ts): the boot
 * script imports it only on a page that names a font, so it is not among the modules every page
 * names (server/ssr/page-template.ts), and it has a bundle budget of its own.
 */
export const SERVED_FONT_MODULE = 'served-font.ts';
