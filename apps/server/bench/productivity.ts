/**
 * npm run bench:productivity (part of npm run bench): in a PostgreSQL server, an organisation
 * with 200 members, 20 projects, 500,000 job sheets (250,000 materials), 1,000,000 time entries
 * and 20,000 completed locations over a year. GET /productivity (a year by month, per member;
 * per member and project; one project) at 8 connections through the API (a separate process):
 * target p99 under 300 ms, as the API answers (kept answers), with sheets submitted beside the
 * readers, and computed for every call (each call 8 to 12 months over other days). Then the write
 * overhead of the rollup's triggers: POST /job_sheets/{id}/submit timed with the productivity
 * triggers off, then on.
 */
import type pg from 'pg';
import { runBench } from './harness';
import { loadTest, percentile, type Figures } from './measure';
import { refreshAccessToken, send } from './setup';

const DATABASE = 'fieldwork_bench_productivity';
const PORT = 3412;
const MEMBERS = Number(process.env.BENCH_PRODUCTIVITY_MEMBERS ?? 200);
const PROJECTS = 20;
const SHEETS = Number(process.env.BENCH_PRODUCTIVITY_SHEETS ?? 500_000);
const ENTRIES = Number(process.env.BENCH_PRODUCTIVITY_ENTRIES ?? 1_000_000);
const LOCATIONS = 20_000;
const SUBMITS = Number(process.env.BENCH_PRODUCTIVITY_SUBMITS ?? 300);
const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Sheets submitted beside the readers: four a second. */
const WRITES_BESIDE = 4 * SECONDS;
const TARGET_MS = 300;

const TRIGGERS = [
  ['job_sheets', 'job_sheets_productivity_inserted'],
  ['job_sheets', 'job_sheets_productivity_updated'],
  ['job_sheets', 'job_sheets_productivity_deleted'],
  ['job_sheet_materials', 'job_sheet_materials_productivity_inserted'],
  ['job_sheet_materials', 'job_sheet_materials_productivity_updated'],
  ['job_sheet_materials', 'job_sheet_materials_productivity_deleted'],
  ['time_entries', 'time_entries_productivity_inserted'],
  ['time_entries', 'time_entries_productivity_updated'],
  ['time_entries', 'time_entries_productivity_deleted'],
  ['locations', 'locations_productivity_inserted'],
  ['locations', 'locations_productivity_updated'],
  ['locations', 'locations_productivity_deleted'],
] as const;

async function triggers(pool: pg.Pool, on: boolean) {
  for (const [table, name] of TRIGGERS)
    await pool.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
}

interface Body {
  data: { id: string; length: number };
  totals: { job_sheets_submitted: number; hours_worked: number };
}
type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Body }>;

async function configure(api: Api) {
  const id = async (reply: ReturnType<Api>) => {
    const answer = await reply;
    if (answer.status >= 300) throw new Error(JSON.stringify(answer.body));
    return answer.body.data.id;
  };
  const formId = await id(api('POST', '/forms', { name: 'Fire stopping' }));
  const projects: Array<{ id: string; jobId: string; statusId: string }> = [];
  for (let index = 0; index < PROJECTS; index += 1) {
    const projectId = await id(api('POST', '/projects', { name: `Tower ${index + 1}` }));
    await api('POST', `/projects/${projectId}/forms/sync`, { form_ids: [formId] });
    const statusId = await id(
      api('POST', `/projects/${projectId}/location_statuses`, { name: 'Done', type: 'COMPLETED' }),
    );
    const jobId = await id(api('POST', '/jobs', { project_id: projectId, form_ids: [formId] }));
    projects.push({ id: projectId, jobId, statusId });
  }
  return { formId, projects };
}

/**
 * Everything in bulk statements with the rollup's triggers off, then the rollup rebuilt once
 * (productivity_rebuild, what the migration's backfill does). Each member works on one project a
 * week; sheets and time spread over the last 365 days.
 */
async function seed(pool: pg.Pool, orgId: string, scene: Awaited<ReturnType<typeof configure>>) {
  // One connection with every trigger off (foreign key checks too: the rows are made consistent),
  // so the bulk inserts only write rows and indexes.
  const client = await pool.connect();
  await client.query(`SET session_replication_role = replica`);
  const step = async (label: string, sql: string, values: unknown[] = []) => {
    process.stdout.write(`  ${label}…\n`);
    const started = Date.now();
    await client.query(sql, values);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const projectIds = scene.projects.map((project) => project.id);
  const jobIds = scene.projects.map((project) => project.jobId);
  const statusIds = scene.projects.map((project) => project.statusId);
  await step(
    `${MEMBERS} members`,
    `WITH u AS (
       INSERT INTO users (id, name, email, password_hash)
       SELECT substr(md5('pu' || i), 1, 24), 'Member ' || i, 'member' || i || '@productivity.bench', 'x'
         FROM generate_series(1, $2) AS i RETURNING id)
     INSERT INTO memberships (id, organisation_id, user_id, role)
     SELECT substr(md5('pm' || id), 1, 24), $1, id, 'OPERATIVE' FROM u`,
    [orgId, MEMBERS],
  );
  // member m = i % MEMBERS, day d = (i / MEMBERS) % 365 back from today, project by member and week
  const member = `substr(md5('pu' || (i % ${MEMBERS} + 1)), 1, 24)`;
  const dayBack = `((i / ${MEMBERS}) % 365)`;
  const project = `((i % ${MEMBERS} + (${dayBack} / 7)) % ${PROJECTS} + 1)`;
  await step(
    `${SHEETS.toLocaleString()} job sheets`,
    `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id,
        operative_id, form_id, status, submitted_at, approved_at, created_at, updated_at)
     SELECT lpad(to_hex(i), 8, '0') || substr(md5('ps' || i), 1, 16), $1, i,
            ($2::text[])[${project}], i, ($3::text[])[${project}], ${member}, $4,
            (ARRAY['APPROVED', 'APPROVED', 'APPROVED', 'SUBMITTED', 'IN_PROGRESS'])[i % 5 + 1],
            CASE WHEN i % 5 <> 4 THEN now() - ${dayBack} * interval '1 day' - (i % 600) * interval '1 minute' END,
            CASE WHEN i % 5 < 3 THEN now() - ${dayBack} * interval '1 day' + interval '2 hours' END,
            now() - ${dayBack} * interval '1 day', now()
       FROM generate_series(1, $5) AS i`,
    [orgId, jobIds, projectIds, scene.formId, SHEETS],
  );
  await step(
    `${(SHEETS / 2).toLocaleString()} job sheet materials`,
    `INSERT INTO job_sheet_materials (id, organisation_id, job_sheet_id, material_name,
        material_input_type_key, quantity, square_metres, linear_metres, measure, price, "order")
     SELECT substr(md5('pjm' || s.id), 1, 24), s.organisation_id, s.id,
            CASE WHEN s.number % 3 = 0 THEN 'Pipe collar' WHEN s.number % 3 = 1 THEN 'Fire batt' ELSE 'Sealant' END,
            CASE WHEN s.number % 3 = 0 THEN 'QUANTITY' WHEN s.number % 3 = 1 THEN 'SQUARE_METRES' ELSE 'LINEAR_METRES' END,
            CASE WHEN s.number % 3 = 0 THEN 1 + s.number % 4 END,
            CASE WHEN s.number % 3 = 1 THEN 0.5 + (s.number % 7) * 0.25 END,
            CASE WHEN s.number % 3 = 2 THEN 1 + (s.number % 11) * 0.5 END,
            CASE WHEN s.number % 3 = 0 THEN 1 + s.number % 4 WHEN s.number % 3 = 1 THEN 0.5 + (s.number % 7) * 0.25
                 ELSE 1 + (s.number % 11) * 0.5 END,
            1000 + s.number % 5000, 0
       FROM job_sheets s WHERE s.organisation_id = $1 AND s.number % 2 = 0`,
    [orgId],
  );
  await step(
    `${ENTRIES.toLocaleString()} time entries`,
    `INSERT INTO time_entries (id, organisation_id, user_id, project_id, started_at, ended_at)
     SELECT lpad(to_hex(i), 8, '0') || substr(md5('pt' || i), 1, 16), $1, ${member},
            CASE WHEN i % 10 = 0 THEN NULL ELSE ($2::text[])[${project}] END,
            date_trunc('day', now()) - ${dayBack} * interval '1 day' + interval '7 hours' + (i % 13) * interval '40 minutes',
            date_trunc('day', now()) - ${dayBack} * interval '1 day' + interval '7 hours' + (i % 13) * interval '40 minutes' + interval '35 minutes'
       FROM generate_series(1, $3) AS i`,
    [orgId, projectIds, ENTRIES],
  );
  await step(
    `${LOCATIONS.toLocaleString()} completed locations`,
    `INSERT INTO locations (id, organisation_id, project_id, number, status_id, completed_at,
        completed_by_user_id)
     SELECT substr(md5('pl' || i), 1, 24), $1, ($2::text[])[i % ${PROJECTS} + 1], i,
            ($3::text[])[i % ${PROJECTS} + 1], now() - (i % 365) * interval '1 day',
            substr(md5('pu' || (i % ${MEMBERS} + 1)), 1, 24)
       FROM generate_series(1, $4) AS i`,
    [orgId, projectIds, statusIds, LOCATIONS],
  );
  await client.query(
    `INSERT INTO job_sheet_number_counters (organisation_id, last_number) VALUES ($1, $2)`,
    [orgId, SHEETS],
  );
  await client.query(`SET session_replication_role = origin`);
  await step('rollup rebuilt (productivity_rebuild)', `SELECT productivity_rebuild($1)`, [orgId]);
  await step(
    'ANALYZE',
    'ANALYZE job_sheets; ANALYZE job_sheet_materials; ANALYZE time_entries; ANALYZE locations; ANALYZE productivity_daily; ANALYZE productivity_monthly',
  );
  const { rows } = await client.query<{ daily: number; monthly: number }>(
    `SELECT (SELECT count(*)::int FROM productivity_daily WHERE organisation_id = $1) AS daily,
            (SELECT count(*)::int FROM productivity_monthly WHERE organisation_id = $1) AS monthly`,
    [orgId],
  );
  client.release();
  console.log(
    `  rollup rows: productivity_daily ${rows[0]!.daily.toLocaleString()}, productivity_monthly ${rows[0]!.monthly.toLocaleString()}`,
  );
}

const line = (label: string, figures: Figures) =>
  `  ${label}: ${figures.calls ?? 0} calls, ${figures.requestsPerSecond.toFixed(0)}/s, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms (target < ${TARGET_MS} ms): ${figures.p99 < TARGET_MS ? 'MET' : 'NOT MET'}`;

/** Submits sheets four a second for `ms` (fewer if they run out); how many it submitted. */
async function submitBeside(api: Api, ids: string[], ms: number) {
  const until = Date.now() + ms;
  let count = 0;
  for (const id of ids) {
    if (Date.now() >= until) break;
    const reply = await api('POST', `/job_sheets/${id}/submit`, {});
    if (reply.status !== 200) throw new Error(`submit answered ${reply.status}`);
    count += 1;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return count;
}

/** Submits in-progress sheets one after another through the API; their latencies. */
async function submits(api: Api, ids: string[]) {
  const took: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    const reply = await api('POST', `/job_sheets/${id}/submit`, {});
    took.push(performance.now() - started);
    if (reply.status !== 200)
      throw new Error(`submit answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p99: percentile(took, 99) };
}

await runBench(
  {
    database: DATABASE,
    port: PORT,
    heading: `Preparing ${DATABASE}: ${MEMBERS} members, ${SHEETS.toLocaleString()} job sheets, ${ENTRIES.toLocaleString()} time entries over a year…`,
  },
  async ({ base: apiBase, pool, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Productivity Org');
    const base = `${apiBase}/organisations/${org.id}`;
    const auth = { authorization: `Bearer ${org.token}` };
    // access tokens live five minutes: a fresh one after the seeding and before each measurement
    const refresh = async () => {
      auth.authorization = `Bearer ${await refreshAccessToken(PORT, org.refreshToken)}`;
    };
    const api: Api = (method, path, body) => send(method, `${base}${path}`, auth, body);
    const scene = await configure(api);
    const seeding = Date.now();
    await seed(pool, org.id, scene);
    console.log(`Seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    await refresh();

    const first = await api('GET', '/productivity?timeframe=month&group_by=member');
    if (first.status !== 200) throw new Error(`GET /productivity answered ${first.status}`);
    console.log(
      `\nGET /productivity over a year: ${first.body.data.length} rows, ${first.body.totals.job_sheets_submitted.toLocaleString()} sheets submitted, ${Math.round(first.body.totals.hours_worked).toLocaleString()} hours`,
    );
    const queries: Array<[string, string]> = [
      ['timeframe=month&group_by=member (a year)', 'timeframe=month&group_by=member'],
      ['timeframe=month&group_by=member,project', 'timeframe=month&group_by=member,project'],
      ['timeframe=week&group_by=project', 'timeframe=week&group_by=project'],
      [
        'timeframe=month&filter[project_id]=one project',
        `timeframe=month&filter[project_id]=${scene.projects[0]!.id}`,
      ],
    ];

    // Sheets to submit: the triggers' write cost below, and the writes beside the readers.
    const { rows: open } = await pool.query<{ id: string }>(
      `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id,
          operative_id, form_id, status)
       SELECT lpad(to_hex(i), 8, '0') || substr(md5('po' || i), 1, 16), $1, i, $2, i, $3, $4, $5,
              'IN_PROGRESS'
         FROM generate_series($6::int + 1, $6::int + $7::int) AS i
       RETURNING id`,
      [
        org.id,
        scene.projects[0]!.jobId,
        scene.projects[0]!.id,
        org.userId,
        scene.formId,
        SHEETS,
        2 * SUBMITS + WRITES_BESIDE,
      ],
    );
    await pool.query(
      `UPDATE job_sheet_number_counters SET last_number = $2 WHERE organisation_id = $1`,
      [org.id, SHEETS + 2 * SUBMITS + WRITES_BESIDE],
    );
    const beside = open.splice(2 * SUBMITS).map((row) => row.id);

    if (!process.env.BENCH_PRODUCTIVITY_SKIP_LOAD) {
      // Answers are kept between requests until what they read changes (platform/db/
      // answer-cache.ts): first as every reader finds them, then with sheets submitted beside the
      // readers (each submit makes the next reader compute the answer again), then computed for
      // every call, by an API process that keeps none.
      console.log('\nKept answers (the API as it runs):');
      for (const [label, query] of queries) {
        await refresh();
        console.log(
          line(
            label,
            await loadTest(`${base}/productivity?${query}`, { ...auth }, CONNECTIONS, SECONDS),
          ),
        );
      }
      await refresh();
      const [headline, headlineQuery] = queries[0]!;
      const writing = submitBeside(api, beside, SECONDS * 1000);
      const read = await loadTest(
        `${base}/productivity?${headlineQuery}`,
        { ...auth },
        CONNECTIONS,
        SECONDS,
      );
      const written = await writing;
      console.log(line(`${headline}, ${written} sheets submitted meanwhile`, read));
      // Every call a question of its own (8 to 12 months, from and to other days: 3,600 ranges),
      // so none is kept or shared: what each caller would wait for if nothing were kept.
      await refresh();
      const daysAgo = (days: number) =>
        new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      const range = (call: number) =>
        `filter[from]=${daysAgo(365 - (call % 60))}&filter[to]=${daysAgo(Math.floor(call / 60) % 60)}`;
      console.log('Computed for every call (each call 8 to 12 months, over other days):');
      for (const [label, query] of queries.slice(0, 2)) {
        const figures = await loadTest(
          `${base}/productivity?${query}`,
          { ...auth },
          CONNECTIONS,
          SECONDS,
          { pathOf: (call) => `/organisations/${org.id}/productivity?${query}&${range(call)}` },
        );
        console.log(line(label, figures));
      }
    }

    // The triggers' write overhead: a sheet's submit (its rollup key recomputed) with them off, then on.
    const ids = open.map((row) => row.id);
    await refresh();
    await triggers(pool, false);
    const off = await submits(api, ids.slice(0, SUBMITS));
    await triggers(pool, true);
    await refresh();
    const on = await submits(api, ids.slice(SUBMITS));
    console.log(`\nPOST /job_sheets/{id}/submit, ${SUBMITS} one after another:`);
    console.log(`  triggers off: p50 ${off.p50.toFixed(1)} ms, p99 ${off.p99.toFixed(1)} ms`);
    console.log(`  triggers on:  p50 ${on.p50.toFixed(1)} ms, p99 ${on.p99.toFixed(1)} ms`);
    const columns = `day, user_id, project_id, job_sheets_submitted, job_sheets_approved,
      locations_completed, seconds_worked, round(square_metres::numeric, 6), square_metres_value,
      round(linear_metres::numeric, 6), linear_metres_value, round(items::numeric, 6), items_value`;
    const { rows: check } = await pool.query<{ differ: number }>(
      `SELECT count(*)::int AS differ FROM (
         (SELECT ${columns} FROM productivity_daily WHERE organisation_id = $1
          EXCEPT SELECT ${columns} FROM productivity_daily_live WHERE organisation_id = $1)
         UNION ALL
         (SELECT ${columns} FROM productivity_daily_live WHERE organisation_id = $1
          EXCEPT SELECT ${columns} FROM productivity_daily WHERE organisation_id = $1)) d`,
      [org.id],
    );
    console.log(
      `  the rollup afterwards: ${check[0]!.differ} rows differ from a direct computation (the later submits recomputed the key the earlier ones, made with the triggers off, fell on)`,
    );
  },
);
