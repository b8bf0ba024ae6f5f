import type { Clock } from '../schedule/clock.js';
import { signToken, verifyToken, type Purpose } from '../preview/preview-token.js';

/** Keeps the dashboard's tokens apart from preview links signed by the same secret. */
const PURPOSE: Purpose = 'postfolio-stats-v1\n';
/** What a dashboard token grants. */
const DASHBOARD = 'dashboard';
/** How long a dashboard link works unless told otherwise: a week. */
export const DEFAULT_DASHBOARD_MS = 7 * 86_400_000;

/**
 * The private dashboard's links: signed like preview links (preview/preview-token.ts, with their
 * secret: PREVIEW_SECRET or the store's), expiring, and refused when any character is changed.
 */
export class DashboardLinks {
  constructor(
    private readonly secret: () => Promise<string>,
    private readonly clock: Clock,
  ) {}

  /** A token opening the dashboard for `lifetimeMs` (whole seconds). */
  async sign(lifetimeMs = DEFAULT_DASHBOARD_MS): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor((this.clock.now() + lifetimeMs) / 1000) * 1000;
    const token = signToken(await this.secret(), PURPOSE, { text: DASHBOARD, expiresAt });
    return { token, expiresAt };
  }

  /** When the token stops working, or undefined when it opens nothing (altered, expired, other). */
  async open(token: string): Promise<number | undefined> {
    const grant = verifyToken(await this.secret(), PURPOSE, token, this.clock.now());
    return grant?.text === DASHBOARD ? grant.expiresAt : undefined;
  }
}
