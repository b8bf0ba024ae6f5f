import type { FastifyPluginAsync } from 'fastify';
import { STATS_ROUTES } from '../../shared/paths.js';
import { CACHE_CONTROL, PRIVATE_NO_STORE } from '../cache/cache-policy.js';
import { DASHBOARD_DAYS, dashboardPage } from '../analytics/dashboard/dashboard-page.js';
import { DASHBOARD_CSS } from '../analytics/dashboard/dashboard-style.js';
import { notFound } from '../http/errors.js';
import { contentSecurityPolicy, styleHash } from '../http/security-headers.js';

/** The range shown unless the link asks for another of DASHBOARD_DAYS. */
const DEFAULT_DAYS = 30;

/**
 * Every dashboard answer: for the link's holder only, stored by no cache, indexed by no search
 * engine even if the link leaks, telling no other site where it was opened; its only stylesheet
 * is the inline one its CSP allows by hash, and it has no script at all.
 */
const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  [CACHE_CONTROL]: PRIVATE_NO_STORE,
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'content-security-policy': contentSecurityPolicy([styleHash(DASHBOARD_CSS)]),
  'content-type': 'text/html; charset=utf-8',
};

/**
 * GET /stats/{token}: the analytics' private dashboard, at a signed and expiring link
 * (`postfolio stats --link`). A token altered, expired or signed for anything else is the 404
 * page, as any unknown address. Absent with ANALYTICS=off.
 */
export const statsDashboardRoutes: FastifyPluginAsync = async (app) => {
  const { analytics, contentState } = app.ctx;
  if (!analytics) return;
  app.get<{ Params: { token: string }; Querystring: { days?: string } }>(
    STATS_ROUTES.dashboard,
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params;
      const expiresAt = token.length <= 600 ? await analytics.links.open(token) : undefined;
      if (expiresAt === undefined) throw notFound('No such page');
      const asked = Number(request.query.days);
      const days = (DASHBOARD_DAYS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
      const stats = await analytics.summary(days);
      const site = contentState.state.site?.site;
      return reply.headers(DASHBOARD_HEADERS).send(
        dashboardPage({
          stats,
          token,
          days,
          expiresAt,
          siteTitle: site?.title ?? 'this site',
          language: site?.language ?? 'en',
        }),
      );
    },
  );
};
