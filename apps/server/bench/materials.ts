/**
 * npm run bench:materials (part of npm run bench): in a PostgreSQL server, a project with
 * 100,000 job sheet materials (10,000 sheets of 10) re-priced by POST
 * /projects/{id}/recalculate_rates (target: under 10 s, progress reported), while another
 * request (GET /projects/{id}) is timed throughout (target: p99 under 100 ms); then a 50,000-row
 * materials CSV imported on the queue (target: under 20 s), then a 50,000-row project rate set
 * CSV whose materials' rows are far apart (read as a stream, resolved unit by unit), each with the
 * API's peak memory printed.
 */
import type pg from 'pg';
import { runBench } from './harness';
import { timeGets, watchRss } from './measure';
import { send, signIn } from './setup';

const DATABASE = 'fieldwork_bench_materials';
const PORT = 3398;
const SHEETS = Number(process.env.BENCH_MATERIAL_SHEETS ?? 10_000);
const PER_SHEET = 10;
const CSV_ROWS = Number(process.env.BENCH_MATERIALS_CSV_ROWS ?? 50_000);

interface Answer {
  data: { id: string };
  task_id: string;
}
interface Task {
  status: string;
  error: string | null;
  progress: { done: number };
}
type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Answer & { data: Task & { id: string } } }>;

async function configure(api: Api) {
  const id = async (reply: ReturnType<Api>) => (await reply).body.data.id;
  const groupId = await id(api('POST', '/material_rate_groups', { name: 'Charge' }));
  const setId = await id(
    api('POST', '/rate_sets', {
      material_rate_group_id: groupId,
      name: 'Standard',
      prices: [
        {
          input_type_key: 'QUANTITY_AND_DIAMETER',
          tiers: [
            { for_up_to: 50, rate: 1200 },
            { for_up_to: 110, fixed_amount: 500, rate: 2500 },
          ],
          rate: 4000,
        },
        { input_type_key: 'SQUARE_METRES', rate: 1850, min_measure: 1 },
      ],
    }),
  );
  await api('PUT', `/material_rate_groups/${groupId}`, { default_material_rate_set_id: setId });
  const collar = await id(
    api('POST', '/materials', { name: 'Pipe collar', input_type_key: 'QUANTITY_AND_DIAMETER' }),
  );
  const batt = await id(
    api('POST', '/materials', { name: 'Fire batt', input_type_key: 'SQUARE_METRES' }),
  );
  const formId = await id(api('POST', '/forms', { name: 'Fire stopping' }));
  const projectId = await id(api('POST', '/projects', { name: 'Bench tower' }));
  await api('POST', `/projects/${projectId}/forms/sync`, { form_ids: [formId] });
  const jobId = await id(api('POST', '/jobs', { project_id: projectId, form_ids: [formId] }));
  return { setId, collar, batt, formId, projectId, jobId };
}

async function seed(
  pool: pg.Pool,
  orgId: string,
  userId: string,
  scene: Awaited<ReturnType<typeof configure>>,
) {
  await pool.query(
    `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id, operative_id, form_id, status)
     SELECT lpad(to_hex(1700000000 + i), 8, '0') || substr(md5('ms' || i), 1, 16), $1, i, $2, i, $3, $4, $5, 'SUBMITTED'
       FROM generate_series(1, $6) AS i`,
    [orgId, scene.jobId, scene.projectId, userId, scene.formId, SHEETS],
  );
  await pool.query(
    `INSERT INTO job_sheet_materials (id, organisation_id, job_sheet_id, material_id, material_name,
        material_input_type_key, quantity, diameter_in_mm, square_metres, "order")
     SELECT substr(md5(s.id || k), 1, 24), s.organisation_id, s.id,
            CASE WHEN k % 2 = 0 THEN $2 ELSE $3 END,
            CASE WHEN k % 2 = 0 THEN 'Pipe collar' ELSE 'Fire batt' END,
            CASE WHEN k % 2 = 0 THEN 'QUANTITY_AND_DIAMETER' ELSE 'SQUARE_METRES' END,
            CASE WHEN k % 2 = 0 THEN 1 + k % 4 END, CASE WHEN k % 2 = 0 THEN 20 + k * 15 END,
            CASE WHEN k % 2 = 1 THEN 0.5 + k * 0.25 END, k
       FROM job_sheets s, generate_series(1, $4) AS k WHERE s.organisation_id = $1`,
    [orgId, scene.collar, scene.batt, PER_SHEET],
  );
  await pool.query(
    `INSERT INTO job_sheet_number_counters (organisation_id, last_number) VALUES ($1, $2)`,
    [orgId, SHEETS],
  );
  await pool.query('ANALYZE job_sheets; ANALYZE job_sheet_materials');
}

async function settle(api: Api, taskId: string, onProgress: (done: number) => void) {
  for (;;) {
    const task = (await api('GET', `/background_tasks/${taskId}`)).body.data;
    onProgress(task.progress.done);
    if (['SUCCEEDED', 'FAILED', 'DEAD'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await runBench(
  {
    database: DATABASE,
    port: PORT,
    heading: `Preparing ${DATABASE}: ${(SHEETS * PER_SHEET).toLocaleString()} job sheet materials…`,
    poolSize: 4,
  },
  async ({ api: apiProcess, base: apiBase, pool, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Materials Org');
    const base = `${apiBase}/organisations/${org.id}`;
    const token = await signIn(PORT, 'Bench Materials Org');
    const auth = { authorization: `Bearer ${token}` };
    const api: Api = (method, path, body) => send(method, `${base}${path}`, auth, body);
    /** An import on the queue, timed, with the API's peak memory meanwhile. */
    const timeImport = async (kind: string, csv: string, query: string) => {
      const peak = watchRss(apiProcess.pid!);
      const started = Date.now();
      const response = await fetch(`${base}/import_file/${kind}/import${query}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: csv,
      });
      const answer = (await response.json()) as { task_id?: string };
      if (response.status !== 202 || !answer.task_id)
        throw new Error(`${kind} import answered ${response.status}`);
      const imported = await settle(api, answer.task_id, () => undefined);
      const seconds = (Date.now() - started) / 1000;
      const peakMb = peak();
      if (imported.status !== 'SUCCEEDED')
        throw new Error(`The ${kind} import ended ${imported.status}: ${imported.error}`);
      const rows = csv.split('\n').length - 1;
      console.log(
        `\nPOST /import_file/${kind}/import: ${rows.toLocaleString()} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB)`,
      );
      console.log(
        `  finished in ${seconds.toFixed(2)} s (target < 20 s): ${seconds < 20 ? 'MET' : 'NOT MET'}`,
      );
      console.log(`  the API's peak resident memory meanwhile: ${peakMb.toFixed(0)} MB`);
    };
    const scene = await configure(api);
    const seeding = Date.now();
    await seed(pool, org.id, org.userId, scene);
    console.log(`Seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    // Recalculation, with another request timed all along.
    const stopTimer = timeGets(`${base}/projects/${scene.projectId}`, auth);
    const started = Date.now();
    const queued = await api('POST', `/projects/${scene.projectId}/recalculate_rates`);
    if (queued.status !== 202) throw new Error(`recalculate_rates answered ${queued.status}`);
    const seen = new Set<number>();
    const task = await settle(api, queued.body.task_id, (done) => seen.add(done));
    const seconds = (Date.now() - started) / 1000;
    const other = await stopTimer();
    if (task.status !== 'SUCCEEDED')
      throw new Error(`The recalculation ended ${task.status}: ${task.error}`);
    const { rows } = await pool.query<{ priced: number; total: number }>(
      `SELECT count(*) FILTER (WHERE price IS NOT NULL)::int AS priced, sum(price)::float8 AS total
         FROM job_sheet_materials WHERE organisation_id = $1`,
      [org.id],
    );
    console.log(
      `\nPOST /projects/{id}/recalculate_rates: ${(SHEETS * PER_SHEET).toLocaleString()} job sheet materials`,
    );
    console.log(
      `  finished in ${seconds.toFixed(2)} s (target < 10 s): ${seconds < 10 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  progress seen at ${seen.size} distinct points; ${rows[0]!.priced.toLocaleString()} priced, total ${rows[0]!.total} pence`,
    );
    console.log(
      `  meanwhile GET /projects/{id}: ${other.count} calls, p50 ${other.p50.toFixed(1)} ms, p99 ${other.p99.toFixed(1)} ms (target < 100 ms): ${other.p99 < 100 ? 'MET' : 'NOT MET'}`,
    );

    // A 50,000-row materials CSV, on the queue.
    const materialLines = ['Name,Input type,Group,Tags'];
    for (let i = 1; i <= CSV_ROWS; i++)
      materialLines.push(
        `Material ${i},${i % 2 ? 'QUANTITY' : 'Square metres'},Group ${i % 20},Tag ${i % 7}`,
      );
    await timeImport('materials_csv', materialLines.join('\n'), '');

    // A project's own prices for half those materials, 50,000 rows: a base row each in the file's
    // first half and a tier each in its second, so every material's rows are far apart.
    const priced = CSV_ROWS / 2;
    const priceLines = ['Material,Rate group,For up to,Rate'];
    for (let i = 1; i <= priced; i++) priceLines.push(`Material ${i},Charge,,${i % 90}.50`);
    for (let i = 1; i <= priced; i++) priceLines.push(`Material ${i},Charge,10,${i % 40}.25`);
    await timeImport(
      'project_rate_set_csv',
      priceLines.join('\n'),
      `?project_id=${scene.projectId}`,
    );
  },
);
