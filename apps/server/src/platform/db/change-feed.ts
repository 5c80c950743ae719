import pg from 'pg';

/** The channel the database announces changes on (migration 20261127T1000). */
export const CHANGE_CHANNEL = 'app_changed';

export interface ChangeFeed {
  /** Calls `listener` with each announcement's payload (for example `principals`). */
  subscribe(listener: (payload: string) => void): void;
  /**
   * Whether every change is being heard. While false (a PostgreSQL process between losing its
   * listening connection and listening again) a cache must not answer from memory.
   */
  live(): boolean;
  /** Which listening period this is: a cache entry made in an earlier one is not trusted. */
  generation(): number;
  announce(payload: string): void;
  setLive(live: boolean): void;
}

export function createChangeFeed(): ChangeFeed {
  const listeners = new Set<(payload: string) => void>();
  let live = false;
  let generation = 0;
  return {
    subscribe: (listener) => void listeners.add(listener),
    live: () => live,
    generation: () => generation,
    announce: (payload) => listeners.forEach((listener) => listener(payload)),
    setLive: (next) => {
      live = next;
      generation++;
    },
  };
}

const RECONNECT_MS = 1_000;

/**
 * A connection of its own that listens for as long as the process runs, so that changes made by
 * other processes are heard while every pooled connection is idle or closed. While it is down
 * the feed is not live; it reconnects every second.
 */
export function listenForChanges(url: string, feed: ChangeFeed): { close(): Promise<void> } {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    feed.setLive(false);
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = undefined;
    if (!closed) timer = setTimeout(connect, RECONNECT_MS);
  };

  const connect = () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', lost);
    next.on('end', () => client === next && lost());
    next.on('notification', (message) => feed.announce(message.payload ?? ''));
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(() => {
        if (client === next && !closed) feed.setLive(true);
      })
      .catch(() => client === next && lost());
  };
  connect();

  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      feed.setLive(false);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}
