/** The meta tag through which the server names the modules a page needs, app and routes (boot.ts). */
export const ROUTE_MODULES_META = 'postfolio-modules';
