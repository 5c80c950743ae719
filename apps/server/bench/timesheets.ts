/**
 * npm run bench:timesheets: a timesheets Excel of 100,000 time entries, built on the queue on
 * PostgreSQL as a fleet runs (docs/deployment.md): an API process answers the call and a worker
 * process builds the workbook; the worker's peak RSS is the figure (target < 300 MB).
 * BENCH_ONE_PROCESS=1 runs both in one process, as `npm start`.
 * The entries (150 members, two a day each, so 100,000 fit the longest period a report takes, 366 days, a project and a site on each, every
 * twentieth corrected by a manager) are inserted in one statement from generate_series.
 */
import type pg from 'pg';
import { runBench } from './harness';
import { rssMb, watchRss } from './measure';
import { buildReport, organisationApi } from './setup';

const PORT = 3402;
const ENTRIES = Number(process.env.BENCH_TIMESHEET_ENTRIES ?? 100_000);
const MEMBERS = 150;

/** MEMBERS operatives, a project and a site, then ENTRIES closed entries spread over them. */
async function seed(pool: pg.Pool, orgId: string, ownerId: string) {
  await pool.query(
    `INSERT INTO users (id, name, email, password_hash)
     SELECT substr(md5('tu' || i), 1, 24), 'Operative ' || lpad(i::text, 2, '0'),
            'bench-timesheets-' || i || '@example.test', 'x'
       FROM generate_series(1, $1::int) AS i`,
    [MEMBERS],
  );
  await pool.query(
    `INSERT INTO memberships (id, organisation_id, user_id, role)
     SELECT substr(md5('tm' || i), 1, 24), $1, substr(md5('tu' || i), 1, 24), 'OPERATIVE'
       FROM generate_series(1, $2::int) AS i`,
    [orgId, MEMBERS],
  );
  const projectId = 'be0c0000000000000000aa01';
  const siteId = 'be0c0000000000000000aa02';
  await pool.query(`INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, $3)`, [
    projectId,
    orgId,
    'Bench tower',
  ]);
  await pool.query(`INSERT INTO sites (id, organisation_id, name) VALUES ($1, $2, $3)`, [
    siteId,
    orgId,
    'Canal Wharf',
  ]);
  // entry i: member i % MEMBERS, day i / (2 * MEMBERS) back from today, morning or afternoon
  await pool.query(
    `INSERT INTO time_entries (id, organisation_id, user_id, project_id, site_id, started_at,
       ended_at, started_at_override, started_override_user_id, override_reason, manual_entry,
       created_by_user_id)
     SELECT substr(md5('te' || i), 1, 24), $1, substr(md5('tu' || (i % $3 + 1)), 1, 24), $4, $5,
            start, start + interval '3 hours 55 minutes',
            CASE WHEN i % 20 = 0 THEN start - interval '10 minutes' END,
            CASE WHEN i % 20 = 0 THEN $6 END,
            CASE WHEN i % 20 = 0 THEN 'Signed in at the gate' END,
            i % 7 = 0, $6
       FROM (SELECT i, date_trunc('day', now()) - ((i / ($3 * 2)) || ' days')::interval
                      + CASE WHEN (i / $3) % 2 = 0 THEN interval '7 hours' ELSE interval '12 hours' END
                      AS start
               FROM generate_series(0, $2::int - 1) AS i) s`,
    [orgId, ENTRIES, MEMBERS, projectId, siteId, ownerId],
  );
  await pool.query('ANALYZE time_entries');
  const { rows } = await pool.query<{ from: string; to: string }>(
    `SELECT to_char(min(started_at), 'YYYY-MM-DD') AS from, to_char(max(started_at), 'YYYY-MM-DD') AS to
       FROM time_entries WHERE organisation_id = $1`,
    [orgId],
  );
  return rows[0]!;
}

await runBench(
  { database: 'fieldwork_bench_timesheets', port: PORT, worker: true, title: 'Timesheets bench' },
  async ({ worker, split, pool, registerOrganisation }) => {
    const builder = split ? 'Worker' : 'API (worker)';
    const organisation = await registerOrganisation('Bench Timesheets Org');
    const api = organisationApi(PORT, organisation);
    const { rows: owner } = await pool.query<{ user_id: string }>(
      `SELECT user_id FROM memberships WHERE organisation_id = $1 AND owner`,
      [organisation.id],
    );
    const seeding = Date.now();
    const period = await seed(pool, organisation.id, owner[0]!.user_id);
    console.log(
      `\nSeeded ${ENTRIES.toLocaleString('en')} time entries (${period.from} to ${period.to}) in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const before = rssMb(worker.pid!);
    const stop = watchRss(worker.pid!);
    const started = Date.now();
    const report = await buildReport(api, '/reports/build/timesheets_excel', {
      from: period.from,
      to: period.to,
    });
    const seconds = (Date.now() - started) / 1000;
    const peak = stop();
    console.log(
      `Timesheets Excel of ${ENTRIES.toLocaleString('en')} rows: ${report.status} in ${seconds.toFixed(1)} s, ` +
        `${((report.file?.size ?? 0) / 1024 / 1024).toFixed(1)} MB${report.exception ? ` — ${report.exception}` : ''}`,
    );
    console.log(
      `  ${builder} RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (target < 300 MB)`,
    );
    if (report.status !== 'READY' || peak >= 300) process.exitCode = 1;
  },
);
