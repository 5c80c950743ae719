import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/engine';

/**
 * pg-boss speaks to the database through one `executeSql` function. Ours runs its parameterised
 * statements as ordinary queries and its scripts (schema creation and migration, several
 * statements in one BEGIN … COMMIT) through the simple protocol, which both PGlite and
 * node-postgres accept. PGlite has one connection, so pg-boss's polling simply takes turns with
 * requests on it.
 */
export function bossDb(db: Db): PgBoss.Db {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      values && values.length > 0 ? db.query(text, values) : db.execRows(text),
  };
}

/** pg-boss inside a request's transaction: the job is inserted iff the transaction commits. */
export function transactionDb(tx: Queryable): PgBoss.Db {
  return { executeSql: (text: string, values?: unknown[]) => tx.query(text, values ?? []) };
}
