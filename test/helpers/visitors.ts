import { Agent, request } from 'node:http';
import { sql } from 'kysely';
import type { Store } from '../../src/server/db/connection.js';

/** A simulated reader behind a trusted proxy: the address the proxy forwards and a browser. */
export interface Visitor {
  address: string;
  userAgent: string;
  /** Sends `DNT: 1`. */
  dnt?: boolean;
}

export const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
] as const;

export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** `count` visitors, each a pair of address and browser no other has. */
export function visitors(count: number): Visitor[] {
  return Array.from({ length: count }, (_, i) => ({
    address: `203.0.113.${10 + (i % 200)}`,
    userAgent: `${BROWSERS[i % BROWSERS.length]} v${Math.floor(i / BROWSERS.length)}`,
  }));
}

export interface Visit {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** A GET (or HEAD) of `path` as `visitor` sends it through the proxy. */
export function visit(
  port: number,
  path: string,
  visitor: Visitor,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          'user-agent': visitor.userAgent,
          'x-forwarded-for': visitor.address,
          ...(visitor.dnt ? { dnt: '1' } : {}),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The names of every table of the store (the migrations' own included). */
export async function tableNames(store: Store): Promise<string[]> {
  const rows =
    store.engine === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(
          store.db,
        )
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema()`.execute(store.db);
  return rows.rows.map((row) => row.name);
}

/** Every row of every table of the store, as JSON text: to look for what must never be stored. */
export async function everyRowAsText(store: Store): Promise<string> {
  const parts: string[] = [];
  for (const name of await tableNames(store)) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(
      store.db,
    );
    parts.push(name, JSON.stringify(rows.rows));
  }
  return parts.join('\n');
}
