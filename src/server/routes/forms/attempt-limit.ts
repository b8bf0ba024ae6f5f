import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** IPv6 clients are counted by their /64, as the rate-limit plugin does by default. */
const IPV6_SUBNET = 64;

/**
 * One count of attempts per client and minute for a kind of request, as an onRequest hook that
 * several routes share: the JSON call and the native form of the same action spend the same
 * attempts, so that switching between them allows no more. The kind is part of the key, so that
 * kinds never share a count (also when `serve --workers` counts in the primary).
 */
export function attemptLimit(app: FastifyInstance, kind: string, max: number) {
  return app.rateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${kind} ${normalizeIP(request.ip, IPV6_SUBNET)}`,
  });
}
