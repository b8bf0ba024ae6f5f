/**
 * What the web app's server entry (`render`) returns to the server for one request: a redirect,
 * or the page's head tags, HTML, hydration data and the route modules to preload.
 */
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: string;
      html: string;
      hydration: string;
      modules: string[];
      /**
       * What a loader or a component threw when the page is React Router's error page for it
       * (status 500): the server logs it, as Fastify logs a route's.
       */
      failure?: unknown;
    };
