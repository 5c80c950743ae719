/**
 * npm run bench:audit (part of npm run bench): an organisation whose audit trail holds 1,000,000
 * entries on the real PostgreSQL server. Times undoing one change (issue 27, item 8: under 50 ms),
 * each call a different client's latest rename undone through the API (so every call does the
 * whole work: the entry locked, later changes looked for, the client's earlier name written back
 * through its writer with its own audit entry), then a record's history and the organisation's
 * audit log at 8 connections.
 */
import pg from 'pg';
import { runBench } from './harness';
import { figuresOf, loadTest, row, timed } from './measure';
import { call, type Created } from './setup';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const UNDOS = Number(process.env.BENCH_UNDOS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

await runBench(
  { database: 'fieldwork_bench_audit', port: 3396 },
  async ({ base, databaseUrl, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Audit Org');
    const orgBase = `${base}/organisations/${org.id}`;

    // A long trail: 1,000,000 entries over 100,000 records of a year, written straight to the
    // table (the routes read it through its indexes, as they would a real one).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO audit_entries (id, organisation_id, collection_name, document_id, action,
                                  changes, performed_by_type, performed_at)
       SELECT lpad(to_hex(i), 24, '0'), $1, 'clients', lpad(to_hex(i % 100000), 24, 'a'),
              CASE WHEN i % 100000 = i THEN 'CREATE' ELSE 'UPDATE' END,
              '{"name": {"from": "Before", "to": "After"}}'::jsonb, 'USER',
              now() - interval '365 days' + (i * interval '30 seconds')
         FROM generate_series(1, $2::int) AS i`,
      [org.id, ENTRIES],
    );
    // as autovacuum would have by now: the counts' index-only scans need the visibility map
    await db.query('VACUUM ANALYZE audit_entries');
    await db.end();

    // The changes undone: a client each, renamed once through the API.
    const entries: string[] = [];
    let clientId = '';
    for (let i = 0; i < UNDOS; i++) {
      const client = await call<Created>('POST', `${orgBase}/clients`, org.token, {
        name: `Client ${i}`,
      });
      clientId = client.data.id;
      await call('PUT', `${orgBase}/clients/${clientId}`, org.token, { name: `Renamed ${i}` });
      const history = await call<{ data: Array<{ id: string }> }>(
        'GET',
        `${orgBase}/clients/${clientId}/history?page[size]=1`,
        org.token,
      );
      entries.push(history.data[0]!.id);
    }

    const samples: number[] = [];
    const undoing = Date.now();
    for (const entry of entries)
      await timed(samples, () =>
        call('POST', `${orgBase}/audit_entries/${entry}/undo`, org.token, {}),
      );
    const undo = figuresOf(samples, (Date.now() - undoing) / 1000);

    const auth = { authorization: `Bearer ${org.token}` };
    const history = await loadTest(`${orgBase}/clients/${clientId}/history`, auth, 8, SECONDS);
    const log = await loadTest(`${orgBase}/audit_entries?page[size]=25`, auth, 8, SECONDS);

    console.log(`\nAudit trail of ${ENTRIES.toLocaleString('en-GB')} entries (real PostgreSQL)`);
    console.log(`  ${row(`undo one change, one at a time (${UNDOS})`, undo)}`);
    console.log(`  ${row("a record's history, 8 connections", history)}`);
    console.log(`  ${row('the audit log, first page, 8 connections', log)}`);
    console.log(
      `  target: undo p99 under 50 ms: ${undo.p99 < 50 ? 'met' : 'NOT met'} (${undo.p99.toFixed(1)} ms)`,
    );
  },
);
