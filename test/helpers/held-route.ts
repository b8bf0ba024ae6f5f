import type { FastifyInstance } from 'fastify';

/** A route that answers only once opened: a request in flight for as long as a test needs. */
export class HeldRoute {
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  private arrived!: () => void;
  /** Resolves once a request has reached the route. */
  readonly reached = new Promise<void>((resolve) => (this.arrived = resolve));

  constructor(readonly path = '/api/slow') {}

  /** Adds the route; call before the app is ready. */
  mount(app: FastifyInstance): void {
    app.get(this.path, async () => {
      this.arrived();
      await this.gate;
      return { ok: true };
    });
  }

  /** Lets every held request, and every later one, be answered. */
  open(): void {
    this.release();
  }
}

/** Listens on a free port of 127.0.0.1 and gives the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}
