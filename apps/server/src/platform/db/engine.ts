import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

import {
  createChangeFeed,
  listenForChanges,
  CHANGE_CHANNEL,
  RECORD_CHANNEL,
  type ChangeFeed,
} from './change-feed';
import type { Queryable, QueryResult } from './queryable';

export type { Queryable, QueryResult } from './queryable';
export type { ChangeFeed } from './change-feed';

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A transaction whose opening statements travel with its BEGIN in one round trip (PostgreSQL's
   * simple protocol runs a script of several statements). `opening` takes no parameters: values
   * are written into it with `sqlLiteral`. `work` receives the rows of its last statement.
   */
  transactionWith<T, R = Record<string, unknown>>(
    opening: string,
    work: (tx: Queryable, opened: R[]) => Promise<T>,
    options?: CommitOptions,
  ): Promise<T>;
  /**
   * Listens to what the database announces on the `app_changed` channel (see the migration
   * principal-change-feed): a process hears its own writes before their statement or COMMIT
   * returns, and other processes' writes as soon as they commit. `live()` is false while a
   * PostgreSQL process has no listening connection (it could miss another process's change).
   */
  readonly changes: ChangeFeed;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /** Runs a script through the simple protocol (several statements allowed); the last one's rows. */
  execRows<T = Record<string, unknown>>(script: string): Promise<QueryResult<T>>;
  close(): Promise<void>;
}

/**
 * When a transaction's result may be answered before its COMMIT is acknowledged. A read (no
 * statement of `work` could have written: see `mayWrite`) whose caller allows it resolves at once:
 * on PostgreSQL its COMMIT is written and the connection returned to the pool (the next
 * transaction queues behind the COMMIT); on PGlite the COMMIT goes in front of the next opening or
 * on the event loop's next turn. An error of that COMMIT goes to `onBackgroundError` instead of
 * the caller. A transaction that may have written always waits for its COMMIT.
 */
export interface CommitOptions {
  /**
   * The opening is sent without waiting for it: the work's first statement follows it on the
   * wire (PostgreSQL pipelining), so both cost one round trip. `opened` is then empty.
   */
  deferOpening?: boolean;
  /** Asked after `work` succeeded, if it wrote nothing: may the caller go on before COMMIT? */
  answerBeforeCommit?: () => boolean;
  onBackgroundError?: (error: unknown) => void;
}

/**
 * Whether a statement may change data. Deliberately broad: a false "yes" only costs the wait for
 * COMMIT; the functions a read calls (search_ids, organisation_plan_facts…) only read.
 */
const WRITING =
  /\b(insert|update|delete|merge|copy|lock|truncate|nextval|setval|pg_notify|notify|call|do)\b/i;
export const mayWrite = (text: string): boolean => WRITING.test(text);

/** The work's view of its connection, noting whether any statement may have written. */
function watchWrites(query: Queryable['query']): { tx: Queryable; wrote: () => boolean } {
  let wrote = false;
  const tx: Queryable = {
    query: (text, params) => {
      if (!wrote && mayWrite(text)) wrote = true;
      return query(text, params);
    },
  };
  return { tx, wrote: () => wrote };
}

const answersEarly = (options: CommitOptions | undefined, wrote: boolean) =>
  !wrote && options?.answerBeforeCommit?.() === true;

// node-postgres returns int8 (count, sum) as strings; numbers are what the API speaks.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** A string as a PostgreSQL literal, for the parameter-free scripts of `transactionWith`. */
export const sqlLiteral = (value: string): string => pg.escapeLiteral(value);

/** The pool's default size: see docs/decisions.md (request path: pool size). */
export const DEFAULT_POOL_SIZE = 10;

export function connectPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Db {
  // Pipelining: a query is written at once, not after the previous one's answer, so a deferred
  // opening and the first statement share a round trip. No cursor or `rows` option is used.
  // Without JIT: its compilation (0.1–1 s) is priced in only by a plan's estimated cost, which
  // a misjudged row count (a function's rows, a trigger's keys) inflates past the threshold on
  // queries that then run in milliseconds (docs/decisions.md, "PostgreSQL without JIT").
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    pipeline: true,
    options: '-c jit=off',
  });
  pool.on('error', () => undefined); // an idle client's socket error must not crash the process
  const changes = createChangeFeed();
  // Every pooled connection listens, so a write's own announcement arrives on its connection
  // before the statement's (or COMMIT's) answer; a dedicated connection hears while all idle.
  pool.on('connect', (client) => {
    client.on('notification', (message) => changes.announce(message.payload ?? ''));
    client.query(`LISTEN ${CHANGE_CHANNEL}`).catch(() => undefined);
  });
  const listener = listenForChanges(url, changes);

  async function inTransaction<T>(
    begin: string,
    work: (tx: Queryable, opened: pg.QueryResult) => Promise<T>,
    options?: CommitOptions,
  ): Promise<T> {
    const client = await pool.connect();
    let released = false;
    try {
      let opening: Promise<unknown> | undefined = client.query(begin);
      let opened: pg.QueryResult | undefined;
      if (options?.deferOpening) {
        opening.catch(() => undefined); // awaited with the first statement, or below
      } else {
        opened = lastResult(await opening);
        opening = undefined;
      }
      const send = (text: string, params?: unknown[]) => {
        const statement = client.query(text, params);
        if (!opening) return statement;
        const first = opening;
        opening = undefined;
        return Promise.all([first, statement]).then(([, result]) => result);
      };
      const { tx, wrote } = watchWrites(send as Queryable['query']);
      const result = await work(tx, opened ?? ({ rows: [] } as unknown as pg.QueryResult));
      if (opening) await opening;
      if (answersEarly(options, wrote())) {
        // The COMMIT is written now and the connection goes straight back to the pool: the next
        // transaction's statements queue behind the COMMIT on the wire (pipelining), so a read
        // holds its connection for one round trip. A failed COMMIT (a read has nothing to lose)
        // leaves the connection outside any transaction, ready for the next one.
        released = true;
        client.query('COMMIT').catch((error: unknown) => options?.onBackgroundError?.(error));
        client.release();
        return result;
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      if (!released) client.release();
    }
  }

  return {
    engine: 'postgres',
    changes,
    query: ((text: string, params?: unknown[]) => pool.query(text, params)) as Queryable['query'],
    transaction: (work) => inTransaction('BEGIN', (tx) => work(tx)),
    transactionWith: <T, R>(
      opening: string,
      work: (tx: Queryable, opened: R[]) => Promise<T>,
      options?: CommitOptions,
    ) => inTransaction(`BEGIN; ${opening}`, (tx, opened) => work(tx, opened.rows as R[]), options),
    exec: async (script) => {
      await pool.query(script);
    },
    execRows: async <T>(script: string) => {
      const last = lastResult(await pool.query(script));
      return { rows: (last?.rows ?? []) as T[] };
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** node-postgres answers a script of several statements with one result per statement. */
function lastResult(results: unknown): pg.QueryResult {
  return (Array.isArray(results) ? results.at(-1) : results) as pg.QueryResult;
}

/** Embedded PostgreSQL: a data folder, or memory when dataDir is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    // int8 (count, sum) as numbers, as node-postgres is configured above
    parsers: { 20: (value: string) => Number(value), 1700: (value: string) => Number(value) },
  });
  // PGlite is one connection. Every use goes through one lock (as PGlite's own transaction()
  // does), so a transaction can open with our own BEGIN sent in the same call as its first
  // statements: a record fetch is three PGlite calls (opening, statement, COMMIT) instead of four.
  // An answered read's COMMIT waits for the event loop's next turn: a transaction opening before
  // then (requests arriving together) sends it in front of its BEGIN, and the fetch is two calls.
  let tail: Promise<unknown> = Promise.resolve();
  let pendingCommit: ((error: unknown) => void) | undefined;
  const settlePendingCommit = async () => {
    const onError = pendingCommit;
    if (!onError) return;
    pendingCommit = undefined;
    await db.exec('COMMIT').catch(async (error: unknown) => {
      onError(error);
      await db.exec('ROLLBACK').catch(() => undefined);
    });
  };
  const exclusive = <T>(work: () => Promise<T>, carriesCommit = false): Promise<T> => {
    const start = async () => {
      if (!carriesCommit) await settlePendingCommit();
      return work();
    };
    const run = tail.then(start, start);
    tail = run.catch(() => undefined);
    return run;
  };
  /** Opens a transaction, with the COMMIT of an answered read in front if one is pending. */
  const open = async (begin: string) => {
    const carried = pendingCommit;
    pendingCommit = undefined;
    if (!carried) return db.exec(begin);
    try {
      return await db.exec(`COMMIT; ${begin}`);
    } catch (error) {
      carried(error);
      await db.exec('ROLLBACK').catch(() => undefined);
      return db.exec(begin);
    }
  };
  const connection: Queryable = {
    query: async <R>(text: string, params?: readonly unknown[]) =>
      db.query<R>(text, params as unknown[]),
  };
  const inTransaction = <T>(
    begin: string,
    work: (tx: Queryable, opened: Record<string, unknown>[]) => Promise<T>,
    options?: CommitOptions,
  ) =>
    new Promise<T>((resolve, reject) => {
      void exclusive(async () => {
        try {
          const results = await open(begin);
          const { tx, wrote } = watchWrites((text, params) => connection.query(text, params));
          const result = await work(tx, results[results.length - 1]?.rows ?? []);
          if (answersEarly(options, wrote())) {
            // Answered now; its COMMIT goes with the next opening or on the loop's next turn.
            pendingCommit = (error) => options?.onBackgroundError?.(error);
            setImmediate(() => void exclusive(() => Promise.resolve()));
            resolve(result);
            return;
          }
          await db.exec('COMMIT');
          resolve(result);
        } catch (error) {
          await db.exec('ROLLBACK').catch(() => undefined);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }, true);
    });
  const changes = createChangeFeed();
  await db.listen(CHANGE_CHANNEL, (payload) => changes.announce(payload));
  await db.listen(RECORD_CHANNEL, (payload) => changes.announceRecords(payload));
  changes.setLive(true); // one process owns the data folder: it hears every change
  return {
    engine: 'pglite',
    changes,
    query: <T>(text: string, params?: readonly unknown[]) =>
      exclusive(() => connection.query<T>(text, params)),
    transaction: (work) => inTransaction('BEGIN', (tx) => work(tx)),
    transactionWith: <T, R>(
      opening: string,
      work: (tx: Queryable, opened: R[]) => Promise<T>,
      options?: CommitOptions,
    ) => inTransaction(`BEGIN; ${opening}`, (tx, opened) => work(tx, opened as R[]), options),
    exec: (script) =>
      exclusive(async () => {
        await db.exec(script);
      }),
    execRows: <T>(script: string) =>
      exclusive(async () => {
        const results = await db.exec(script);
        return { rows: (results.at(-1)?.rows ?? []) as T[] };
      }),
    close: () => exclusive(() => db.close()),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<Db> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.poolSize)
    : openPglite(options.dataDir);
}
