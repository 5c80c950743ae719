/**
 * npm run bench:jobs (part of npm run bench): two organisations of 200,000 jobs each in a
 * PostgreSQL server. Times GET /jobs filtered by status and operative, sorted by date, with
 * expand[]=project, through the API (a separate process) against direct SQL returning the same
 * rows, interleaved (target: within 2x), with the plans; then 1,000 jobs created at once over 8
 * connections, which must take 1,000 distinct consecutive numbers.
 */
import type pg from 'pg';
import { jobsResource } from '../src/modules/jobs/jobs.resource';
import { projectsResource } from '../src/modules/projects/projects.resource';
import type { OrganisationContext } from '../src/platform/http/context';
import { parseListQuery } from '../src/platform/list-query/parse';
import { listStatements, selectList } from '../src/platform/resource-kit/sql';
import { runBench } from './harness';
import { get, interleaved, row, type Figures } from './measure';
import { asRequestRole, explain } from './request-role';
import {
  call,
  refreshAccessToken,
  type BenchOrganisation as Organisation,
  type Created,
} from './setup';

const DATABASE = 'fieldwork_bench_jobs';
const PORT = 3402;
const JOBS = Number(process.env.BENCH_JOBS ?? 200_000);
const OPERATIVES = 50;
const PROJECTS = 5;
const PAGE_SIZE = 25;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
const CREATES = 1000;
const CONNECTIONS = 8;

/** Projects through the API; operatives and jobs set-based (statuses, days and people spread). */
async function seedOrganisation(pool: pg.Pool, org: Organisation, label: string) {
  const started = Date.now();
  const base = `http://127.0.0.1:${PORT}/organisations/${org.id}`;
  const projectIds: string[] = [];
  for (let i = 1; i <= PROJECTS; i++) {
    projectIds.push(
      (await call<Created>('POST', `${base}/projects`, org.token, { name: `${label} P${i}` })).data
        .id,
    );
  }
  const { rows: people } = await pool.query<{ id: string }>(
    `WITH made AS (
       INSERT INTO users (id, name, email, password_hash)
       SELECT substr(md5($1 || 'operative' || i), 1, 24), 'Operative ' || i,
              'operative' || i || '.' || $1 || '@bench.test', 'not a password'
         FROM generate_series(1, $2) AS i RETURNING id)
     INSERT INTO memberships (id, organisation_id, user_id, role)
     SELECT substr(md5($1 || 'membership' || made.id), 1, 24), $1, made.id, 'OPERATIVE' FROM made
     RETURNING user_id AS id`,
    [org.id, OPERATIVES],
  );
  await pool.query(
    `INSERT INTO jobs (id, organisation_id, number, reference, project_id, operative_id, date,
                       status, instructions, started_at, completed_at, cancelled_at, created_at)
     SELECT substr(md5($1 || 'job' || i), 1, 24), $1, i, 'JOB-' || lpad(i::text, 6, '0'),
            ($2::text[])[1 + i % ${PROJECTS}], ($3::text[])[1 + (i / 7) % ${OPERATIVES}],
            current_date - 180 + (i % 365), s.status, 'Instructions for job ' || i,
            CASE WHEN s.status IN ('IN_PROGRESS', 'COMPLETED') THEN now() END,
            CASE WHEN s.status = 'COMPLETED' THEN now() END,
            CASE WHEN s.status = 'CANCELLED' THEN now() END,
            now() - i * interval '1 minute'
       FROM generate_series(1, $4) AS i,
            LATERAL (SELECT (ARRAY['AWAITING', 'AWAITING', 'AWAITING', 'IN_PROGRESS', 'COMPLETED',
              'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'CANCELLED'])[1 + i % 10] AS status) s`,
    [org.id, projectIds, people.map((person) => person.id), JOBS],
  );
  await pool.query(
    `INSERT INTO job_number_counters (organisation_id, last_number) VALUES ($1, $2)
     ON CONFLICT (organisation_id) DO UPDATE SET last_number = EXCLUDED.last_number`,
    [org.id, JOBS],
  );
  console.log(
    `  ${label}: ${JOBS.toLocaleString()} jobs, ${OPERATIVES} operatives, ${PROJECTS} projects in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { projectIds, operativeIds: people.map((person) => person.id) };
}

/** Hand-written SQL returning the rows the API answers: the page, each with its project. */
function directList(organisationId: string, status: string, operativeId: string) {
  return {
    text: `SELECT page.*,
             (SELECT row_to_json(p) FROM (SELECT ${selectList(projectsResource)} FROM projects t
               WHERE t.organisation_id = page.__organisation_id AND t.id = page.project_id) p) AS project
        FROM (SELECT ${selectList(jobsResource)}, t.organisation_id AS __organisation_id FROM jobs t
               WHERE t.organisation_id = $1 AND t.status = $2 AND t.operative_id = $3
               ORDER BY t.date, t.id LIMIT ${PAGE_SIZE}) page
       ORDER BY page.date, page.id`,
    values: [organisationId, status, operativeId],
  };
}

const ratio = (api: Figures, direct: Figures) =>
  `p50 ${(api.p50 / direct.p50).toFixed(2)}x, p99 ${(api.p99 / direct.p99).toFixed(2)}x`;

/** 1,000 creates from 8 callers at once (each waits for its answer before the next). */
async function concurrentCreates(org: Organisation, projectId: string) {
  const url = `http://127.0.0.1:${PORT}/organisations/${org.id}/jobs`;
  const token = await refreshAccessToken(PORT, org.refreshToken);
  let next = 0;
  const ids: string[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < CREATES) {
        next++;
        ids.push((await call<Created>('POST', url, token, { project_id: projectId })).data.id);
      }
    }),
  );
  return { ids, seconds: (Date.now() - started) / 1000 };
}

await runBench(
  {
    database: DATABASE,
    port: PORT,
    heading: `Preparing ${DATABASE}: two organisations of ${JOBS.toLocaleString()} jobs…`,
    poolSize: CONNECTIONS,
  },
  async ({ pool, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Jobs Org');
    const other = await registerOrganisation('Bench Jobs Other');
    const seeded = await seedOrganisation(pool, org, 'Jobs A');
    await seedOrganisation(pool, other, 'Jobs B');
    await pool.query('VACUUM ANALYZE');

    const operativeId = seeded.operativeIds[7]!;
    const search = `filter[status]=AWAITING&filter[operative_id]=${operativeId}&sort=date&expand[]=project&page[size]=${PAGE_SIZE}`;
    const url = `http://127.0.0.1:${PORT}/organisations/${org.id}/jobs?${search}`;
    const auth = { authorization: `Bearer ${await refreshAccessToken(PORT, org.refreshToken)}` };
    const answer = JSON.parse(await (await fetch(url, { headers: auth })).text()) as {
      data: Array<{ id: string; project: { id: string } | null }>;
      meta: { total: number };
    };
    const direct = directList(org.id, 'AWAITING', operativeId);
    const { rows: directRows } = await pool.query<{ id: string }>(direct);
    const same = answer.data.map((r) => r.id).join() === directRows.map((r) => r.id).join();
    if (!same || !answer.data.every((job) => job.project))
      throw new Error('The API and the direct SQL answer different rows');

    console.log(
      `\nGET /jobs?${search.replace(operativeId, '{id}')}\n(${answer.meta.total.toLocaleString()} matches, ${answer.data.length} rows), 1 connection, interleaved`,
    );
    const figures = await interleaved(
      { direct: () => pool.query(direct), api: () => get(url, auth) },
      ITERATIONS,
    );
    const met = figures.api.p50 <= 2 * figures.direct.p50;
    console.log(row('  direct SQL (page with project joined)', figures.direct));
    console.log(row('  API', figures.api));
    console.log(
      `  API / direct SQL: ${ratio(figures.api, figures.direct)} (target ≤ 2x): ${met ? 'MET' : 'NOT MET'}`,
    );

    const { count, page } = listStatements(
      jobsResource,
      parseListQuery(new URLSearchParams(search)),
      // the owner (an admin, who sees every job) as the caller
      {
        organisationId: org.id,
        user: { id: org.userId },
        membership: { id: null, role: 'ADMIN', owner: true, guest: false },
      } as unknown as OrganisationContext,
      { number: 1, size: PAGE_SIZE },
    );
    const plans = [
      `-- direct SQL\n${await explain(pool, direct)}`,
      `-- API count, as fieldwork_app\n${await asRequestRole(pool, org.id, (db) => explain(db, count))}`,
      `-- API page, as fieldwork_app\n${await asRequestRole(pool, org.id, (db) => explain(db, page))}`,
    ];
    const indexed = plans.every(
      (plan) => /Index (Only )?Scan/.test(plan) && !/Seq Scan on jobs/.test(plan),
    );

    const created = await concurrentCreates(org, seeded.projectIds[0]!);
    const { rows: numbers } = await pool.query<{
      n: number;
      distinct: number;
      min: number;
      max: number;
    }>(
      `SELECT count(*)::int AS n, count(DISTINCT number)::int AS distinct, min(number) AS min, max(number) AS max
         FROM jobs WHERE organisation_id = $1 AND id = ANY($2::text[])`,
      [org.id, created.ids],
    );
    const got = numbers[0]!;
    const consecutive =
      got.n === CREATES &&
      got.distinct === CREATES &&
      got.max - got.min === CREATES - 1 &&
      got.min === JOBS + 1;
    console.log(
      `\n${CREATES} POST /jobs from ${CONNECTIONS} callers at once: ${created.seconds.toFixed(1)} s (${(CREATES / created.seconds).toFixed(0)} creates/s)`,
    );
    console.log(
      `  ${got.n} jobs, ${got.distinct} distinct numbers, ${got.min}…${got.max}: ${consecutive ? 'distinct and consecutive: MET' : 'NOT MET'}`,
    );

    console.log(
      `\nList within 2x of direct SQL: ${met ? 'MET' : 'NOT MET'}; list plans use indexes: ${indexed ? 'yes' : 'NO'}; numbers: ${consecutive ? 'MET' : 'NOT MET'}`,
    );
    console.log('\nPlans (EXPLAIN ANALYZE):');
    for (const plan of plans) console.log(`${plan}\n`);
  },
);
