import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed, RecordChange } from '../db/change-feed';
import { AppError } from '../errors';
import type { OrganisationContext } from '../http/context';
import { extensionList } from '../extension-point';

/**
 * A collection whose changes reach event streams: its table (as the trigger names it), its name
 * (what the web app calls it) and which of some ids a caller may see (the kit's visibility).
 */
export interface LiveCollection {
  table: string;
  name: string;
  visibleIds(ctx: OrganisationContext, ids: readonly string[]): Promise<string[]>;
}

/** Filled by the composition root (src/modules.ts) with jobs and job sheets. */
export const liveCollections = extensionList<LiveCollection>();

/** Rows that belong to one person (their notices): a change reaches that person alone. */
export const PERSONAL_TABLES: Record<string, string> = { notifications: 'notifications' };

/** What a stream is sent: a collection and the changed ids it may see (none for personal rows). */
export interface LiveEvent {
  collection: string;
  ids: string[];
  /** More changed than an event names: refresh the whole collection. */
  many?: boolean;
  /**
   * Every change named was the listener's own (their request or job): a tab that made it has
   * its answer already, so it may skip reloading those records (other lists still refresh).
   */
  own?: boolean;
}

/** One open stream, as the hub sees it. */
export interface LiveListener {
  organisationId: string;
  userId: string;
  /** Runs work as the stream's caller now (their session and role checked again). */
  asCaller<T>(work: (ctx: OrganisationContext) => Promise<T>): Promise<T>;
  send(event: LiveEvent): void;
  resync(): void;
  /** Ends the stream: the caller lost access (with the error's code). */
  end(code: string): void;
}

export interface LiveHub {
  /** Adds a stream; answers the function that removes it (on disconnect). */
  attach(listener: LiveListener): () => void;
  /** How many streams are open (tests, metrics). */
  size(): number;
  /** Ends every open stream (the API is closing): clients reconnect to another process. */
  endAll(code: string): void;
  close(): void;
}

/** How long changes gather before a delivery: a burst of writes costs one check per stream. */
const GATHER_MS = 50;
/** The most ids an event names; past it the listener is told to refresh the collection. */
export const MAX_EVENT_IDS = 100;
/** Ids checked per query: a bulk write of thousands is checked in slices. */
const CHECK_SLICE = 1_000;

/** Who changed a record in a batch: one member, or NOBODY_KNOWN (unnamed, or several). */
const NOBODY_KNOWN = '';

interface Pending {
  /** table → changed id → who changed it */
  records: Map<string, Map<string, string>>;
  /** users whose own rows changed, per personal table */
  personal: Map<string, Set<string>>;
}

/**
 * Hands each organisation's record changes to its members' streams, each seeing only what it
 * may read: per organisation (a listener never hears another's ids), personal rows to their
 * person only, records through their collection's visibility as the listener is now. Changes
 * arriving together are gathered, and one organisation's deliveries run one at a time.
 */
export function createLiveHub(feed: ChangeFeed, log: Pick<FastifyBaseLogger, 'warn'>): LiveHub {
  const listeners = new Map<string, Set<LiveListener>>();
  const pending = new Map<string, Pending>();
  const running = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();

  const schedule = (organisationId: string) => {
    if (timers.has(organisationId) || running.has(organisationId)) return;
    timers.set(
      organisationId,
      setTimeout(() => {
        timers.delete(organisationId);
        void flush(organisationId);
      }, GATHER_MS),
    );
  };

  const flush = async (organisationId: string) => {
    const batch = pending.get(organisationId);
    pending.delete(organisationId);
    const audience = listeners.get(organisationId);
    if (!batch || !audience?.size) return;
    running.add(organisationId);
    try {
      await Promise.all([...audience].map((listener) => deliver(listener, batch)));
    } finally {
      running.delete(organisationId);
      if (pending.has(organisationId)) schedule(organisationId);
    }
  };

  const deliver = async (listener: LiveListener, batch: Pending) => {
    for (const [table, users] of batch.personal) {
      if (users.has(listener.userId))
        listener.send({ collection: PERSONAL_TABLES[table]!, ids: [] });
    }
    if (!batch.records.size) return;
    try {
      const events = await listener.asCaller(async (ctx) => {
        const answer: LiveEvent[] = [];
        for (const collection of liveCollections.all()) {
          const changed = batch.records.get(collection.table);
          if (!changed) continue;
          const ids = [...changed.keys()];
          const seen: string[] = [];
          for (let at = 0; at < ids.length; at += CHECK_SLICE)
            seen.push(...(await collection.visibleIds(ctx, ids.slice(at, at + CHECK_SLICE))));
          if (!seen.length) continue;
          const own = seen.every((id) => changed.get(id) === listener.userId);
          answer.push({
            collection: collection.name,
            ...(seen.length > MAX_EVENT_IDS ? { ids: [], many: true } : { ids: seen }),
            ...(own ? { own } : {}),
          });
        }
        return answer;
      });
      events.forEach((event) => listener.send(event));
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
        listener.end(error.code);
        return;
      }
      log.warn({ err: error }, 'live update not delivered');
    }
  };

  const heard = (change: RecordChange) => {
    if (!listeners.get(change.organisationId)?.size) return;
    const personal = change.key === 'user_id';
    if (personal && !PERSONAL_TABLES[change.table]) return;
    if (!personal && !liveCollections.all().some((c) => c.table === change.table)) return;
    let batch = pending.get(change.organisationId);
    if (!batch) {
      batch = { records: new Map(), personal: new Map() };
      pending.set(change.organisationId, batch);
    }
    if (personal) {
      const users = batch.personal.get(change.table) ?? new Set<string>();
      change.ids.forEach((id) => users.add(id));
      batch.personal.set(change.table, users);
    } else {
      const ids = batch.records.get(change.table) ?? new Map<string, string>();
      const by = change.by ?? NOBODY_KNOWN;
      change.ids.forEach((id) => ids.set(id, (ids.get(id) ?? by) === by ? by : NOBODY_KNOWN));
      batch.records.set(change.table, ids);
    }
    schedule(change.organisationId);
  };

  const stop = feed.onRecords({
    change: heard,
    // Changes may have been missed while the listening connection was down: everyone refreshes.
    resync: () => listeners.forEach((set) => set.forEach((listener) => listener.resync())),
  });

  return {
    attach(listener) {
      const set = listeners.get(listener.organisationId) ?? new Set();
      set.add(listener);
      listeners.set(listener.organisationId, set);
      return () => {
        set.delete(listener);
        if (!set.size && listeners.get(listener.organisationId) === set)
          listeners.delete(listener.organisationId);
      };
    },
    size: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    endAll: (code) =>
      [...listeners.values()].flatMap((set) => [...set]).forEach((listener) => listener.end(code)),
    close() {
      stop();
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      pending.clear();
    },
  };
}
