import type { PublicSite } from '../../../shared/schemas/site-config.js';

/** The landing page's two cards, as the route's loader returns them. */
export type LandingData = PublicSite['landing'];
