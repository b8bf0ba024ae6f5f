// The site's addresses as the app writes them (src/shared/paths.ts), from the build the
// benchmarks start (`npm run build` first), so that a bench asks for the app's own URLs.
import { API_ROUTES, fillPattern } from '../../dist/shared/paths.js';

export { apiPath, HEALTH_ROUTES, pagePath } from '../../dist/shared/paths.js';

/** A search's address with no page named (the API answers page 1). */
export const searchPath = (text) => fillPattern(API_ROUTES.search, { text });
