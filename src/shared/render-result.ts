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
    };
