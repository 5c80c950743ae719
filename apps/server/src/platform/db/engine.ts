import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

import type { Queryable, QueryResult } from './queryable';

export type { Queryable, QueryResult } from './queryable';

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
  ): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /** Runs a script through the simple protocol (several statements allowed); the last one's rows. */
  execRows<T = Record<string, unknown>>(script: string): Promise<QueryResult<T>>;
  close(): Promise<void>;
}

// node-postgres returns int8 (count, sum) as strings; numbers are what the API speaks.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** A string as a PostgreSQL literal, for the parameter-free scripts of `transactionWith`. */
export const sqlLiteral = (value: string): string => pg.escapeLiteral(value);

/** The pool's default size: see docs/decisions.md (request path: pool size). */
export const DEFAULT_POOL_SIZE = 10;

export function connectPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // an idle client's socket error must not crash the process

  async function inTransaction<T>(
    begin: string,
    work: (tx: Queryable, opened: pg.QueryResult) => Promise<T>,
  ): Promise<T> {
    const client = await pool.connect();
    try {
      const results = (await client.query(begin)) as pg.QueryResult | pg.QueryResult[];
      const opened = Array.isArray(results) ? results[results.length - 1]! : results;
      const tx: Queryable = {
        query: ((text: string, params?: unknown[]) =>
          client.query(text, params)) as Queryable['query'],
      };
      const result = await work(tx, opened);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    engine: 'postgres',
    query: ((text: string, params?: unknown[]) => pool.query(text, params)) as Queryable['query'],
    transaction: (work) => inTransaction('BEGIN', (tx) => work(tx)),
    transactionWith: <T, R>(opening: string, work: (tx: Queryable, opened: R[]) => Promise<T>) =>
      inTransaction(`BEGIN; ${opening}`, (tx, opened) => work(tx, opened.rows as R[])),
    exec: async (script) => {
      await pool.query(script);
    },
    execRows: async <T>(script: string) => {
      // node-postgres answers a multi-statement script with one result per statement
      const results = (await pool.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(results) ? results.at(-1) : results;
      return { rows: (last?.rows ?? []) as T[] };
    },
    close: () => pool.end(),
  };
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
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  const connection: Queryable = {
    query: async <R>(text: string, params?: readonly unknown[]) =>
      db.query<R>(text, params as unknown[]),
  };
  const inTransaction = <T>(
    begin: string,
    work: (tx: Queryable, opened: Record<string, unknown>[]) => Promise<T>,
  ) =>
    exclusive(async () => {
      try {
        const results = await db.exec(begin);
        const result = await work(connection, results[results.length - 1]?.rows ?? []);
        await db.exec('COMMIT');
        return result;
      } catch (error) {
        await db.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  return {
    engine: 'pglite',
    query: <T>(text: string, params?: readonly unknown[]) =>
      exclusive(() => connection.query<T>(text, params)),
    transaction: (work) => inTransaction('BEGIN', (tx) => work(tx)),
    transactionWith: <T, R>(opening: string, work: (tx: Queryable, opened: R[]) => Promise<T>) =>
      inTransaction(`BEGIN; ${opening}`, (tx, opened) => work(tx, opened as R[])),
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
