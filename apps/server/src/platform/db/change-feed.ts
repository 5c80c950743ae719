import pg from 'pg';

/** The channel the database announces changes on (migration 20261127T1000). */
export const CHANGE_CHANNEL = 'app_changed';

/**
 * What app_changed says when who a caller is may have changed (a session, membership, user or
 * API key); other announcements there name a topic of kept answers (db/answer-cache.ts).
 */
export const PRINCIPALS_ANNOUNCEMENT = 'principals';

/**
 * The channel records the web app shows live are announced on (migration 20261129T1600): one
 * announcement per statement and organisation, naming the table and the changed rows' keys.
 */
export const RECORD_CHANNEL = 'record_changed';

/** One announcement of record_changed: `key` is `id` (records) or `user_id` (a person's own rows). */
export interface RecordChange {
  organisationId: string;
  table: string;
  key: 'id' | 'user_id';
  ids: string[];
  /** The member whose request or job made the change, when the transaction named one. */
  by: string | null;
}

/** What listens to record changes: each change, and `resync` when some may have been missed. */
export interface RecordListener {
  change(change: RecordChange): void;
  resync(): void;
}

/** A record_changed payload as a RecordChange, or undefined when it is not one. */
export function parseRecordChange(payload: string): RecordChange | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { o, t, k, ids, by } = value;
    if (typeof o !== 'string' || typeof t !== 'string' || (k !== 'id' && k !== 'user_id'))
      return undefined;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
    return { organisationId: o, table: t, key: k, ids, by: typeof by === 'string' ? by : null };
  } catch {
    return undefined;
  }
}

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
  /**
   * Hears record changes (RECORD_CHANNEL), only on the process's listening connection; answers
   * the function that stops hearing them. `resync` is called when listening resumes after a loss.
   */
  onRecords(listener: RecordListener): () => void;
  announceRecords(payload: string): void;
}

export function createChangeFeed(): ChangeFeed {
  const listeners = new Set<(payload: string) => void>();
  const recordListeners = new Set<RecordListener>();
  let live = false;
  let generation = 0;
  let wasLive = false;
  return {
    subscribe: (listener) => void listeners.add(listener),
    live: () => live,
    generation: () => generation,
    announce: (payload) => listeners.forEach((listener) => listener(payload)),
    setLive: (next) => {
      live = next;
      generation++;
      // Back after a loss: a change made meanwhile was not heard, so listeners refresh it all.
      if (next && wasLive) recordListeners.forEach((listener) => listener.resync());
      if (next) wasLive = true;
    },
    onRecords: (listener) => {
      recordListeners.add(listener);
      return () => void recordListeners.delete(listener);
    },
    announceRecords: (payload) => {
      const change = parseRecordChange(payload);
      if (change) recordListeners.forEach((listener) => listener.change(change));
    },
  };
}

const RECONNECT_MS = 1_000;

/**
 * A connection of its own that listens for as long as the process runs, so that changes made by
 * other processes are heard while every pooled connection is idle or closed. It alone listens
 * to record changes (pooled connections hear only principals), so each is heard once. While it is down
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
    next.on('notification', (message) =>
      message.channel === RECORD_CHANNEL
        ? feed.announceRecords(message.payload ?? '')
        : feed.announce(message.payload ?? ''),
    );
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANGE_CHANNEL}; LISTEN ${RECORD_CHANNEL}`))
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
