/**
 * npm run bench:job-sheets (part of npm run bench): one organisation with 1,000,000 job sheets
 * (10,000 jobs of 100 sheets, a field value each) in a PostgreSQL server, seeded set-based.
 * Measures the managers' list (filter[status]=SUBMITTED, filter[current_approval_stage_id],
 * sort=-submitted_at, expand[]=job, page of 25) through the API (a separate process) against
 * direct SQL answering the same thing (the total and the page with its job and children;
 * target: within 2x), and POST /job_sheets/approve_many of 500 sheets (target: under 2 s).
 */
import type pg from 'pg';
import { jobSheetsResource } from '../src/modules/job-sheets/job-sheets.resource';
import { jobsResource } from '../src/modules/jobs/jobs.resource';
import { selectList } from '../src/platform/resource-kit/sql';
import { runBench } from './harness';
import { get, interleaved, row, type Figures } from './measure';
import { send, signIn } from './setup';

const DATABASE = 'fieldwork_bench_job_sheets';
const PORT = 3394;
const SHEETS = Number(process.env.BENCH_JOB_SHEETS ?? 1_000_000);
const SHEETS_PER_JOB = 100;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const PAGE_SIZE = 25;
const APPROVE_BATCH = 500;

type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;
/** The id of the record a call answered ({data: {id}}). */
const idOf = async (reply: Promise<{ body: unknown }>) =>
  ((await reply).body as { data: { id: string } }).data.id;

/** The configuration a person would make through the API: form, project, stages, one job. */
async function configure(api: Api) {
  await api('PUT', '/organisation', { options: { features: { approvals: true } } });
  const formId = await idOf(
    api('POST', '/forms', { name: 'Fire door inspection', approval_required: true }),
  );
  await api('PUT', `/forms/new/${formId}`, {
    name: 'Fire door inspection',
    sections: [{ name: 'Door', fields: [{ name: 'Notes', type: 'TEXT' }] }],
  });
  const projectId = await idOf(api('POST', '/projects', { name: 'Bench tower' }));
  const synced = await api('POST', `/projects/${projectId}/forms/sync`, { form_ids: [formId] });
  const copy = (synced.body as { data: { id: string; sections: { fields: { id: string }[] }[] }[] })
    .data[0]!;
  const stages: string[] = [];
  for (const name of ['Supervisor', 'Client'])
    stages.push(await idOf(api('POST', `/projects/${projectId}/approval_stages`, { name })));
  const jobId = await idOf(api('POST', '/jobs', { project_id: projectId, form_ids: [formId] }));
  return {
    formId,
    projectId,
    copyId: copy.id,
    fieldId: copy.sections[0]!.fields[0]!.id,
    stages,
    jobId,
  };
}

/** 10,000 jobs of 100 sheets each: a fifth in progress, at stage 1, at stage 2, approved, rejected. */
async function seed(
  pool: pg.Pool,
  orgId: string,
  userId: string,
  scene: Awaited<ReturnType<typeof configure>>,
) {
  const jobs = Math.ceil(SHEETS / SHEETS_PER_JOB);
  await pool.query(
    `INSERT INTO jobs (id, organisation_id, number, project_id, operative_id, form_ids, status, date)
     SELECT substr(md5('job' || i), 1, 24), $1, i + 1, $2, $3, ARRAY[$4], 'IN_PROGRESS', current_date
       FROM generate_series(1, $5) AS i`,
    [orgId, scene.projectId, userId, scene.formId, jobs],
  );
  await pool.query(
    `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id,
        operative_id, form_id, project_form_id, status, approval_required,
        current_approval_stage_id, submitted_at, approved_at, rejected_at, created_at, updated_at)
     SELECT lpad(to_hex(1700000000 + i), 8, '0') || substr(md5('s' || i), 1, 16), $1, i,
            substr(md5('job' || ((i - 1) / ${SHEETS_PER_JOB} + 1)), 1, 24), (i - 1) % ${SHEETS_PER_JOB} + 1,
            $2, $3, $4, $5,
            (ARRAY['IN_PROGRESS', 'SUBMITTED', 'SUBMITTED', 'APPROVED', 'REJECTED'])[i % 5 + 1], true,
            CASE i % 5 WHEN 1 THEN $6 WHEN 2 THEN $7 WHEN 4 THEN $6 END,
            CASE WHEN i % 5 <> 0 THEN now() - i * interval '10 seconds' END,
            CASE WHEN i % 5 = 3 THEN now() - i * interval '5 seconds' END,
            CASE WHEN i % 5 = 4 THEN now() - i * interval '5 seconds' END,
            now() - i * interval '20 seconds', now()
       FROM generate_series(1, $8) AS i`,
    [
      orgId,
      scene.projectId,
      userId,
      scene.formId,
      scene.copyId,
      scene.stages[0],
      scene.stages[1],
      SHEETS,
    ],
  );
  await pool.query(
    `INSERT INTO job_sheet_field_values (id, organisation_id, job_sheet_id, form_field_id, name, type, value_string)
     SELECT substr(md5('v' || s.id), 1, 24), s.organisation_id, s.id, $2, 'Notes', 'TEXT', 'Door ' || s.number
       FROM job_sheets s WHERE s.organisation_id = $1`,
    [orgId, scene.fieldId],
  );
  await pool.query(
    `INSERT INTO job_sheet_number_counters (organisation_id, last_number) VALUES ($1, $2)`,
    [orgId, SHEETS],
  );
  await pool.query('ANALYZE job_sheets; ANALYZE jobs; ANALYZE job_sheet_field_values');
}

/** The same answer in hand-written SQL: the total, and the page with its job and children. */
function directStatements(orgId: string, stageId: string) {
  const where = `t.organisation_id = $1 AND t.status = 'SUBMITTED' AND t.current_approval_stage_id = $2`;
  const child = (table: string) =>
    `(SELECT coalesce(json_agg(c), '[]') FROM ${table} c WHERE c.organisation_id = page.__org AND c.job_sheet_id = page.id)`;
  return [
    { text: `SELECT count(*)::int FROM job_sheets t WHERE ${where}`, values: [orgId, stageId] },
    {
      text: `SELECT page.*,
               (SELECT row_to_json(j) FROM (SELECT ${selectList(jobsResource)} FROM jobs t
                 WHERE t.organisation_id = page.__org AND t.id = page.job_id) j) AS job,
               ${child('job_sheet_field_values')} AS field_values, ${child('job_sheet_photos')} AS photos,
               ${child('job_sheet_materials')} AS materials,
               ${child('job_sheet_approval_decisions')} AS approvals,
               ${child('job_sheet_photo_duplicates')} AS duplicate_photos
          FROM (SELECT ${selectList(jobSheetsResource)}, t.organisation_id AS __org FROM job_sheets t
                 WHERE ${where} ORDER BY t.submitted_at DESC, t.id DESC LIMIT ${PAGE_SIZE}) page
         ORDER BY page.submitted_at DESC, page.id DESC`,
      values: [orgId, stageId],
    },
  ];
}

const ratio = (api: Figures, direct: Figures) =>
  `p50 ${(api.p50 / direct.p50).toFixed(2)}x, p99 ${(api.p99 / direct.p99).toFixed(2)}x`;

await runBench(
  {
    database: DATABASE,
    port: PORT,
    heading: `Preparing ${DATABASE}: ${SHEETS.toLocaleString()} job sheets…`,
    poolSize: 4,
  },
  async ({ base: apiBase, pool, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Job Sheets Org');
    const base = `${apiBase}/organisations/${org.id}`;
    // Sign in again for each token: the seed outlasts a refresh token's reuse window.
    const headers = async () => ({
      authorization: `Bearer ${await signIn(PORT, 'Bench Job Sheets Org')}`,
      'content-type': 'application/json',
    });
    const api: Api = async (method, path, body) =>
      send(method, `${base}${path}`, await headers(), body);
    const scene = await configure(api);
    const seeding = Date.now();
    await seed(pool, org.id, org.userId, scene);
    console.log(`Seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    const search = `filter[status]=SUBMITTED&filter[current_approval_stage_id]=${scene.stages[0]}&sort=-submitted_at&expand[]=job&page[size]=${PAGE_SIZE}`;
    const url = `${base}/job_sheets?${search}`;
    const auth = await headers();
    const answer = (await (await fetch(url, { headers: auth })).json()) as {
      data: { id: string; job: { id: string } }[];
      meta: { total: number };
    };
    const direct = directStatements(org.id, scene.stages[0]!);
    const { rows: directRows } = await pool.query<{ id: string }>(direct[1]!);
    if (answer.data.map((r) => r.id).join() !== directRows.map((r) => r.id).join())
      throw new Error('The API and the direct SQL answer different pages');
    const figures = await interleaved(
      {
        direct: async () => {
          for (const statement of direct) await pool.query(statement);
        },
        api: () => get(url, auth),
      },
      ITERATIONS,
      30,
    );
    const listMet = figures.api.p50 <= 2 * figures.direct.p50;
    console.log(`\nGET /job_sheets?${search.replace(scene.stages[0]!, 'STAGE')}`);
    console.log(
      `(${answer.meta.total.toLocaleString()} matches, ${answer.data.length} rows, 1 connection, interleaved)`,
    );
    console.log(row('  direct SQL (count + page with job, children)', figures.direct));
    console.log(row('  API', figures.api));
    console.log(
      `  API / direct SQL: ${ratio(figures.api, figures.direct)} (target ≤ 2x): ${listMet ? 'MET' : 'NOT MET'}`,
    );

    console.log(
      `\nPOST /job_sheets/approve_many with ${APPROVE_BATCH} sheets at stage 1 (target < 2 s)`,
    );
    let approveMet = true;
    for (let round = 0; round < 3; round += 1) {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM job_sheets WHERE organisation_id = $1 AND status = 'SUBMITTED'
            AND current_approval_stage_id = $2 ORDER BY submitted_at DESC, id DESC LIMIT $3`,
        [org.id, scene.stages[0], APPROVE_BATCH],
      );
      const started = process.hrtime.bigint();
      const reply = await api('POST', '/job_sheets/approve_many', {
        jobSheetApprovals: rows.map((r) => ({ id: r.id, comments: 'Bench' })),
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const approved = (reply.body as { approved?: string[] }).approved ?? [];
      if (reply.status !== 200 || approved.length !== APPROVE_BATCH)
        throw new Error(
          `approve_many answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`,
        );
      approveMet &&= ms < 2000;
      console.log(`  round ${round + 1}: ${ms.toFixed(0)} ms, ${approved.length} approved`);
    }
    console.log(`  approve_many of ${APPROVE_BATCH} under 2 s: ${approveMet ? 'MET' : 'NOT MET'}`);
    const { rows: plan } = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF) ${direct[0]!.text}`,
      direct[0]!.values,
    );
    console.log(`\n-- count plan\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  },
);
