import type pg from 'pg';

/** Subscribes to a notification channel; returns the way to unsubscribe. */
export type Listen = (channel: string, onNotify: () => void) => () => Promise<void>;

/** Wait before connecting again after the listening connection was lost or refused, ms. */
const RECONNECT_MS = 1000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * PostgreSQL LISTEN on a connection of its own (a pooled one would be handed to queries).
 * A lost connection is opened again, and `onNotify` is called once it is back: notifications
 * sent meanwhile are lost, so the listener must re-read what it watches. `reconnectMs` is the wait
 * before each attempt to connect again.
 */
export function listenOnPostgres(
  Client: typeof pg.Client,
  url: string,
  reconnectMs = RECONNECT_MS,
): Listen {
  return (channel, onNotify) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;

    const reconnectLater = (lost: pg.Client) => {
      if (stopped || client !== lost) return;
      client = undefined;
      lost.end().catch(() => {});
      retry = setTimeout(connect, reconnectMs);
      retry.unref();
    };
    const connect = () => {
      const next = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client = next;
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      next.on('error', () => reconnectLater(next));
      next.on('end', () => reconnectLater(next));
      next
        .connect()
        // The name is checked above: LISTEN takes an identifier, not a parameter.
        .then(() => next.query(`LISTEN ${channel}`))
        .then(() => {
          if (!stopped && client === next) onNotify();
        })
        .catch(() => reconnectLater(next));
    };
    connect();

    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}
