/** The meta tag through which the server names the route modules a page needs (see boot.ts). */
export const ROUTE_MODULES_META = 'postfolio-modules';
