import type { FastifyInstance } from 'fastify';

/** Mounts the server-rendered web app (filled in by the web layer). */
export async function mountWeb(_app: FastifyInstance): Promise<void> {}
