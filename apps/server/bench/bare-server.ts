/**
 * The bare server of the side-by-side bench: Fastify 5 + pg (pool of 10), no authentication, no
 * scope, no transaction; the record fetch and the list run the API's own SQL. Runs in a worker
 * thread of the bench, so it has an event loop of its own as the API (a separate process) has.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { parentPort, workerData } from 'node:worker_threads';

interface Statement {
  text: string;
  values: unknown[];
}

export interface BareServerData {
  databaseUrl: string;
  port: number;
  /** The record fetch; `$2` is replaced by the id in the path. */
  one: Statement;
  /** The list: the API's page with its count (`__total` on every row), one statement. */
  list: Statement;
}

const data = workerData as BareServerData;
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
const pool = new pg.Pool({ connectionString: data.databaseUrl, max: 10 });
const app = Fastify({ logger: false });

app.get('/organisations/:organisationId/clients/:id', async (request, reply) => {
  const { organisationId, id } = request.params as { organisationId: string; id: string };
  const { rows } = await pool.query(data.one.text, [organisationId, [id]]);
  if (!rows[0]) return reply.code(404).send({ message: 'not found' });
  return rows[0];
});

app.get('/organisations/:organisationId/clients', async () => {
  const page = await pool.query<{ __total: number }>(data.list.text, data.list.values);
  return { data: page.rows, meta: { total: page.rows[0]?.__total ?? 0 } };
});

await app.listen({ port: data.port, host: '127.0.0.1' });
parentPort?.postMessage('listening');
parentPort?.on('message', (message) => {
  if (message === 'close')
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
});
