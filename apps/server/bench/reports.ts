/**
 * npm run bench:reports: reports built on the queue, on PostgreSQL, run as a fleet runs
 * (docs/deployment.md): an API process answers the calls and a worker process builds the reports;
 * the worker's peak RSS is the figure, and the neighbour's calls go to the API process.
 * BENCH_ONE_PROCESS=1 runs both in one process, as `npm start`. The worker runs with the worker's
 * V8 flags and malloc arenas (setup.ts, WORKER_NODE_FLAGS). BENCH_PDF_SHEETS (1000) and
 * BENCH_PDF_WARM=false shrink the PDF part, e.g. to measure the Excel alone; BENCH_EXCEL_SHEETS
 * (100000) the workbook.
 * 1. A PDF of 1,000 job sheets with 3,000 photos (medium: two a row, from 600 px conversions of
 *    1024 px display copies): built cold (every conversion made on the way) and again warm.
 * 2. An Excel workbook of 100,000 job sheets (a field column each for a text and a number, a
 *    material on every tenth sheet).
 * Meanwhile another caller times GET /clients/{id} back to back: its p99 is the third figure.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import { sitePhoto } from '../src/modules/job-sheets/photos/test-images';
import { runBench } from './harness';
import { rssMb, timeGets, watchRss } from './measure';
import {
  buildReport,
  organisationApi,
  refreshAccessToken,
  type OrganisationApi as Api,
} from './setup';

const PORT = 3398;
const PDF_SHEETS = Number(process.env.BENCH_PDF_SHEETS ?? 1000);
const PHOTOS_PER_SHEET = 3;
const EXCEL_SHEETS = Number(process.env.BENCH_EXCEL_SHEETS ?? 100_000);
const DATA_DIR = '/tmp/fieldwork-bench-reports';

async function configure(api: Api) {
  const { data: form } = await api<{ data: { id: string } }>('POST', '/forms', {
    name: 'Door survey',
  });
  await api('PUT', `/forms/new/${form.id}`, {
    name: 'Door survey',
    sections: [
      {
        name: 'Door',
        fields: [
          { name: 'Notes', type: 'TEXT', show_in_job_items_table: true },
          { name: 'Gap (mm)', type: 'NUMBER', precision: 1, show_in_job_items_table: true },
          { name: 'Photos', type: 'PHOTO' },
        ],
      },
    ],
  });
  const { data: project } = await api<{ data: { id: string } }>('POST', '/projects', {
    name: 'Bench tower',
  });
  const { data: copies } = await api<{
    data: Array<{ sections: Array<{ fields: Array<{ id: string }> }> }>;
  }>('POST', `/projects/${project.id}/forms/sync`, { form_ids: [form.id] });
  const [notes, gap, photos] = copies[0]!.sections[0]!.fields.map((field) => field.id);
  const { data: job } = await api<{ data: { id: string } }>('POST', '/jobs', {
    project_id: project.id,
    form_ids: [form.id],
  });
  return {
    formId: form.id,
    projectId: project.id,
    jobId: job.id,
    fields: { notes: notes!, gap: gap!, photos: photos! },
  };
}

/** `count` sheets of one job, numbered from `first`, each with a note, a gap and a photo field. */
async function seedSheets(
  pool: pg.Pool,
  orgId: string,
  scene: Awaited<ReturnType<typeof configure>>,
  first: number,
  count: number,
) {
  await pool.query(
    `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id, form_id,
       status, submitted_at, created_at, updated_at)
     SELECT substr(md5('sheet' || i), 1, 24), $1, i, $2, i, $3, $4, 'SUBMITTED',
            now() - i * interval '1 minute', now() - i * interval '2 minutes', now()
       FROM generate_series($5::int, $6::int) AS i`,
    [orgId, scene.jobId, scene.projectId, scene.formId, first, first + count - 1],
  );
  const sheets = `FROM job_sheets s WHERE s.organisation_id = $1 AND s.number BETWEEN $2 AND $3`;
  await pool.query(
    `INSERT INTO job_sheet_field_values (id, organisation_id, job_sheet_id, form_field_id,
       section_name, name, type, "order", value_string, value_number)
     SELECT substr(md5('n' || s.id), 1, 24), s.organisation_id, s.id, $4, 'Door', 'Notes', 'TEXT', 0,
            'Door ' || s.number || ' closes flush; intumescent strip intact', NULL ${sheets}
     UNION ALL
     SELECT substr(md5('g' || s.id), 1, 24), s.organisation_id, s.id, $5, 'Door', 'Gap (mm)', 'NUMBER', 1,
            NULL, (s.number % 40) / 10.0 ${sheets}
     UNION ALL
     SELECT substr(md5('p' || s.id), 1, 24), s.organisation_id, s.id, $6, 'Door', 'Photos', 'PHOTO', 2,
            NULL, NULL ${sheets}`,
    [orgId, first, first + count - 1, scene.fields.notes, scene.fields.gap, scene.fields.photos],
  );
  await pool.query(
    `INSERT INTO job_sheet_materials (id, organisation_id, job_sheet_id, material_name,
       material_input_type_key, quantity, "order")
     SELECT substr(md5('m' || s.id), 1, 24), s.organisation_id, s.id, 'Intumescent sealant', 'QUANTITY', 2, 0
       ${sheets} AND s.number % 10 = 0`,
    [orgId, first, first + count - 1],
  );
}

/** Three photos a sheet: 1024 px JPEG display copies on the local folder (20 pictures, reused). */
async function seedPhotos(pool: pg.Pool, orgId: string, count: number) {
  const pictures = await Promise.all(
    Array.from({ length: 20 }, (_, seed) =>
      sitePhoto(seed, { width: 1024, height: 768, format: 'jpeg' }),
    ),
  );
  const { rows } = await pool.query<{ id: string; value_id: string }>(
    `SELECT s.id, v.id AS value_id FROM job_sheets s
       JOIN job_sheet_field_values v ON v.job_sheet_id = s.id AND v.type = 'PHOTO'
      WHERE s.organisation_id = $1 AND s.number <= $2 ORDER BY s.number`,
    [orgId, count],
  );
  let index = 0;
  for (const sheet of rows) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let order = 0; order < PHOTOS_PER_SHEET; order += 1) {
      index += 1;
      const id = `${index.toString(16).padStart(8, '0')}${sheet.id.slice(8)}`;
      const key = `job-sheets/${orgId}/${sheet.id}/photos/${id}.jpg`;
      const path = join(DATA_DIR, 'files', key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, pictures[index % pictures.length]!);
      const at = values.length;
      values.push(id, orgId, sheet.id, sheet.value_id, order, key);
      tuples.push(
        `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, 'READY', 1024, 768, 'image/jpeg', $${at + 6}, $${at + 6})`,
      );
    }
    await pool.query(
      `INSERT INTO job_sheet_photos (id, organisation_id, job_sheet_id, job_sheet_field_value_id,
         "order", status, width, height, content_type, original_key, display_key)
       VALUES ${tuples.join(', ')}`,
      values,
    );
  }
  return index;
}

/** Another caller's GET /clients/{id}, timed back to back in a thread of its own. */
interface Neighbour {
  url: string;
  token: () => Promise<string>;
}

async function timeReport(
  api: Api,
  pid: number,
  path: string,
  body: unknown,
  neighbour: Neighbour,
): Promise<{
  seconds: number;
  peak: number;
  before: number;
  status: string;
  size: number;
  exception: string | null;
  gets: { count: number; p50: number; p99: number };
}> {
  const before = rssMb(pid);
  const stop = watchRss(pid);
  const stopGets = timeGets(neighbour.url, {
    authorization: `Bearer ${await neighbour.token()}`,
  });
  const started = Date.now();
  const report = await buildReport(api, path, body);
  const seconds = (Date.now() - started) / 1000;
  const gets = await stopGets();
  return {
    seconds,
    gets,
    peak: stop(),
    before,
    status: report.status,
    size: report.file?.size ?? 0,
    exception: report.exception,
  };
}

const neighbourLine = (gets: { count: number; p50: number; p99: number }) =>
  `  meanwhile GET /clients/{id} (${gets.count} calls): p50 ${gets.p50.toFixed(1)} ms, p99 ${gets.p99.toFixed(1)} ms (target < 100 ms)`;

await rm(DATA_DIR, { recursive: true, force: true });
await runBench(
  {
    database: 'fieldwork_bench_reports',
    port: PORT,
    env: { DATA_DIR },
    worker: true,
    title: 'Reports bench',
  },
  async ({ base, worker, split, pool, registerOrganisation, defer }) => {
    defer(() => rm(DATA_DIR, { recursive: true, force: true }));
    console.log();
    const builder = split ? 'Worker' : 'API (worker)';
    const organisation = await registerOrganisation('Bench Reports Org');
    const api = organisationApi(PORT, organisation);
    const scene = await configure(api);
    const { data: client } = await api<{ data: { id: string } }>('POST', '/clients', {
      name: 'Bench neighbour client',
    });
    // a fresh token a timing: access tokens live five minutes, a cold PDF may take more than one
    const neighbour: Neighbour = {
      url: `${base}/organisations/${organisation.id}/clients/${client.id}`,
      token: () => refreshAccessToken(PORT, organisation.refreshToken),
    };

    // 1. The PDF: 1,000 sheets, 3,000 photos
    await seedSheets(pool, organisation.id, scene, 1, PDF_SHEETS);
    const photos = await seedPhotos(pool, organisation.id, PDF_SHEETS);
    await pool.query(
      'ANALYZE job_sheets; ANALYZE job_sheet_field_values; ANALYZE job_sheet_photos',
    );
    const pdfBody = { job_id: scene.jobId, photo_size: 'MEDIUM', one_sheet_per_page: false };
    const runs = ['cold (conversions made)', 'warm (conversions kept)'];
    for (const run of process.env.BENCH_PDF_WARM === 'false' ? runs.slice(0, 1) : runs) {
      const pdf = await timeReport(api, worker.pid!, '/reports/build/job_pdf', pdfBody, neighbour);
      console.log(
        `PDF of ${PDF_SHEETS} job sheets with ${photos} photos, ${run}: ${pdf.status} in ${pdf.seconds.toFixed(1)} s ` +
          `(target < 60 s), ${(pdf.size / 1024 / 1024).toFixed(1)} MB${pdf.exception ? ` — ${pdf.exception}` : ''}`,
      );
      console.log(
        `  ${builder} RSS: ${pdf.before.toFixed(0)} MB before, peak ${pdf.peak.toFixed(0)} MB (target < 500 MB)`,
      );
      console.log(neighbourLine(pdf.gets));
    }

    // 2. The Excel workbook: 100,000 sheets
    await seedSheets(pool, organisation.id, scene, PDF_SHEETS + 1, EXCEL_SHEETS - PDF_SHEETS);
    await pool.query(
      'ANALYZE job_sheets; ANALYZE job_sheet_field_values; ANALYZE job_sheet_materials',
    );
    const excel = await timeReport(
      api,
      worker.pid!,
      '/reports/build/job_sheets_excel',
      { filter: { project_id: scene.projectId } },
      neighbour,
    );
    console.log(
      `\nExcel of ${EXCEL_SHEETS.toLocaleString('en')} job sheets: ${excel.status} in ${excel.seconds.toFixed(1)} s, ` +
        `${(excel.size / 1024 / 1024).toFixed(1)} MB${excel.exception ? ` — ${excel.exception}` : ''}`,
    );
    console.log(
      `  ${builder} RSS: ${excel.before.toFixed(0)} MB before, peak ${excel.peak.toFixed(0)} MB (target < 300 MB)`,
    );
    console.log(neighbourLine(excel.gets));
  },
);
