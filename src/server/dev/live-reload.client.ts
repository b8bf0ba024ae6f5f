import type { DevProblem, DevState } from './dev-events.js';

/**
 * The browser side of `postfolio dev`, served as a script file of its own (live-reload.ts) and
 * only in dev mode. It runs in the page, not in Node: it must not use anything outside its own
 * body, since the server sends its source text.
 *
 * The page knows the revision it was rendered at (its script tag's `data-dev-revision`); the
 * event stream says which one is current and what is broken. Another revision reloads the page;
 * problems show as a notice. A hidden tab lets its stream go (a browser opens only six
 * connections to a host) and catches up as soon as it is shown again.
 */
export function liveReload(eventsUrl: string, stylesheetUrl: string): void {
  const tag = document.querySelector<HTMLScriptElement>('script[data-dev-revision]');
  const rendered = tag?.dataset.devRevision;
  let source: EventSource | undefined;
  let notice: HTMLElement | undefined;

  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = stylesheetUrl;
  document.head.append(stylesheet);

  const show = (problems: DevProblem[]) => {
    notice?.remove();
    notice = undefined;
    if (problems.length === 0) return;
    notice = document.createElement('aside');
    notice.className = 'pf-dev-notice';
    notice.setAttribute('role', 'alert');
    const heading = document.createElement('p');
    heading.className = 'pf-dev-notice-heading';
    heading.textContent = `postfolio dev: ${problems.length === 1 ? 'a file has a problem' : `${problems.length} problems`}; the last good version is shown`;
    const list = document.createElement('ul');
    for (const { file, line, problem } of problems) {
      const item = document.createElement('li');
      const where = document.createElement('code');
      where.textContent = line ? `${file}:${line}` : file;
      item.append(where, ` ${problem}`);
      list.append(item);
    }
    notice.append(heading, list);
    document.body.append(notice);
  };

  const connect = () => {
    source = new EventSource(eventsUrl);
    source.onmessage = (event: MessageEvent<string>) => {
      const state = JSON.parse(event.data) as DevState;
      if (state.revision !== rendered) {
        source?.close();
        location.reload();
        return;
      }
      show(state.problems);
    };
    // A browser retries a dropped stream itself, but gives up on an answer that is not a
    // stream (a 503 while the server is busy, an error page): ask again a little later.
    source.onerror = () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      source = undefined;
      setTimeout(() => {
        if (!source && !document.hidden) connect();
      }, 1000);
    };
  };

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      source?.close();
      source = undefined;
    } else if (!source) connect();
  });
  if (!document.hidden) connect();
}

/** The notice's look: a stylesheet file, as the pages' CSP allows no style attributes. */
export const LIVE_RELOAD_CSS = `.pf-dev-notice {
  position: fixed; inset: auto 1rem 1rem 1rem; z-index: 2147483647;
  max-height: 40vh; overflow: auto; margin: 0 auto; max-width: 60rem;
  padding: 0.75rem 1rem; border: 2px solid #b42318; border-radius: 0.5rem;
  background: #fff4f2; color: #3d0a06; font: 0.95rem/1.4 system-ui, sans-serif;
  box-shadow: 0 0.5rem 1.5rem rgb(0 0 0 / 25%);
}
.pf-dev-notice-heading { margin: 0 0 0.5rem; font-weight: 700; }
.pf-dev-notice ul { margin: 0; padding-left: 1.25rem; }
.pf-dev-notice code { font: 0.9em ui-monospace, monospace; font-weight: 700; }
@media (prefers-color-scheme: dark) {
  .pf-dev-notice { background: #2b0d0a; color: #ffe4e0; border-color: #f97066; }
}
`;
