import type pg from 'pg';
import type { Statement } from '../src/platform/resource-kit/sql';

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** Runs work as the API's requests do: in a transaction, as fieldwork_app, under the policies. */
export async function asRequestRole<T>(
  pool: pg.Pool,
  organisationId: string,
  work: (db: Queryable) => Promise<T>,
) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
      [organisationId],
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } finally {
    client.release();
  }
}

/** EXPLAIN ANALYZE of a statement, as text. */
export async function explain(db: Queryable, statement: Statement) {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`,
    statement.values,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
