import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/engine';

/**
 * pg-boss speaks to the database through one `executeSql` function. Ours runs its parameterised
 * statements as ordinary queries and its scripts (schema creation and migration, several
 * statements in one BEGIN … COMMIT) through the simple protocol, which both PGlite and
 * node-postgres accept. PGlite has one connection, so pg-boss's polling simply takes turns with
 * requests on it.
 */
export function bossDb(db: Db, stopped: () => boolean): PgBoss.Db {
  return {
    executeSql: (text: string, values?: unknown[]) => {
      // A run that outlives the queue's stop (its timeout) still reports back when it ends (its
      // complete or fail, the only statements left once the workers and supervisor have stopped),
      // and the database may be closed by then. The report is dropped, answered as "no job
      // affected": the job stays active, and a later process's supervisor expires it and runs it
      // again, as for a process that died.
      if (stopped()) return Promise.resolve({ rows: [{ count: 0 }] });
      return values && values.length > 0 ? db.query(text, values) : db.execRows(text);
    },
  };
}

/** pg-boss inside a request's transaction: the job is inserted iff the transaction commits. */
export function transactionDb(tx: Queryable): PgBoss.Db {
  return { executeSql: (text: string, values?: unknown[]) => tx.query(text, values ?? []) };
}
