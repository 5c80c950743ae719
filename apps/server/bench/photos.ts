/**
 * npm run bench:photos: 1,000 job sheet photos uploaded through the API (a separate process on
 * PostgreSQL) and processed by its queue worker (sharp: upright copy, thumbnail, SHA-256, dHash,
 * duplicate search), while another caller times GET /clients/{id} back to back. Prints the GET's
 * p50/p99 idle, during the uploads, and while only processing remains, and the processing rate.
 */
import { sitePhoto } from '../src/modules/job-sheets/photos/test-images';
import { runBench } from './harness';
import { figuresOf, get, row, sequential } from './measure';
import { call } from './setup';

const DATABASE = 'fieldwork_bench_photos';
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 1000);
const PHOTOS_PER_SHEET = 10;
const DISTINCT_PICTURES = 50;
const UPLOAD_CONCURRENCY = 4;

interface Data<T> {
  data: T;
}

/** A project with duplicate detection on, a form with a photo field, a job and its sheets. */
async function scene(base: string, token: string) {
  const project = await call<Data<{ id: string }>>('POST', `${base}/projects`, token, {
    name: 'Bench tower',
  });
  await call('PUT', `${base}/projects/${project.data.id}`, token, {
    duplicate_photo_detection: true,
  });
  const form = await call<Data<{ id: string }>>('POST', `${base}/forms`, token, {
    name: 'Photo survey',
  });
  await call('PUT', `${base}/forms/new/${form.data.id}`, token, {
    name: 'Photo survey',
    sections: [{ name: 'Photos', fields: [{ name: 'Photos', type: 'PHOTO' }] }],
  });
  await call('POST', `${base}/projects/${project.data.id}/forms/sync`, token, {
    form_ids: [form.data.id],
  });
  const job = await call<Data<{ id: string }>>('POST', `${base}/jobs`, token, {
    project_id: project.data.id,
    form_ids: [form.data.id],
  });
  const sheets: { id: string; photoValueId: string }[] = [];
  for (let index = 0; index < Math.ceil(PHOTOS / PHOTOS_PER_SHEET); index += 1) {
    const sheet = await call<Data<{ id: string; field_values: { id: string; type: string }[] }>>(
      'POST',
      `${base}/job_sheets`,
      token,
      { job_id: job.data.id, form_id: form.data.id },
    );
    const value = sheet.data.field_values.find((field) => field.type === 'PHOTO')!;
    sheets.push({ id: sheet.data.id, photoValueId: value.id });
  }
  const client = await call<Data<{ id: string }>>('POST', `${base}/clients`, token, {
    name: 'Bench client',
  });
  return { sheets, clientId: client.data.id };
}

async function upload(
  base: string,
  token: string,
  sheet: { id: string; photoValueId: string },
  photo: Buffer,
  index: number,
) {
  const form = new FormData();
  form.set('job_sheet_id', sheet.id);
  form.set('job_sheet_field_value_id', sheet.photoValueId);
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), `photo-${index}.jpg`);
  const response = await fetch(`${base}/job_sheet_photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload ${index}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** GET timings, collected until stop() while other work goes on. */
function timeGetsUntilStopped(url: string, headers: Record<string, string>) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = process.hrtime.bigint();
      const answer = await get(url, headers);
      if (answer.status !== 200) throw new Error(`GET answered ${answer.status}`);
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  })();
  return {
    take: () => samples.splice(0),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

await runBench(
  {
    database: DATABASE,
    port: 3394,
    env: { DATA_DIR: '/tmp/fieldwork-bench-photos' },
    heading: `Preparing ${DATABASE}: ${PHOTOS} photos on ${PHOTOS / PHOTOS_PER_SHEET} job sheets…`,
  },
  async ({ base: apiBase, pool, registerOrganisation }) => {
    const organisation = await registerOrganisation('Bench Photos Org');
    const base = `${apiBase}/organisations/${organisation.id}`;
    const headers = { authorization: `Bearer ${organisation.token}` };
    const { sheets, clientId } = await scene(base, organisation.token);
    const pictures: Buffer[] = [];
    for (let seed = 0; seed < DISTINCT_PICTURES; seed += 1) {
      pictures.push(await sitePhoto(1000 + seed, { width: 1600, height: 1200 }));
    }
    const meanKb = pictures.reduce((sum, p) => sum + p.length, 0) / pictures.length / 1024;
    console.log(
      `${DISTINCT_PICTURES} distinct 1600×1200 JPEG pictures, ${meanKb.toFixed(0)} KB on average\n`,
    );
    const getUrl = `${base}/clients/${clientId}`;

    const idle = await sequential(() => get(getUrl, headers), 1500, 200);
    console.log(row('GET /clients/{id}, idle', idle));

    const timer = timeGetsUntilStopped(getUrl, headers);
    const uploadStarted = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
        while (next < PHOTOS) {
          const index = next++;
          const sheet = sheets[Math.floor(index / PHOTOS_PER_SHEET)]!;
          await upload(
            base,
            organisation.token,
            sheet,
            pictures[index % DISTINCT_PICTURES]!,
            index,
          );
        }
      }),
    );
    const uploadSeconds = (Date.now() - uploadStarted) / 1000;
    console.log(
      row(`GET /clients/{id}, during ${PHOTOS} uploads`, figuresOf(timer.take(), uploadSeconds)),
    );
    console.log(
      `  uploads: ${PHOTOS} in ${uploadSeconds.toFixed(1)} s (${(PHOTOS / uploadSeconds).toFixed(1)}/s)`,
    );

    const processingStarted = Date.now();
    const processingSamples: number[] = [];
    let pending = PHOTOS;
    while (pending > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      processingSamples.push(...timer.take());
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM job_sheet_photos WHERE status = 'PROCESSING'`,
      );
      pending = rows[0]!.n;
    }
    const processingSeconds = (Date.now() - processingStarted) / 1000;
    await timer.stop();
    console.log(
      row(
        'GET /clients/{id}, while processing remains',
        figuresOf(processingSamples, processingSeconds),
      ),
    );
    const { rows: outcome } = await pool.query<{
      status: string;
      n: number;
      first: Date;
      last: Date;
    }>(
      `SELECT status, count(*)::int AS n, min(updated_at) AS first, max(updated_at) AS last
         FROM job_sheet_photos GROUP BY status`,
    );
    const { rows: duplicates } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_sheet_photo_duplicates`,
    );
    const ready = outcome.find((o) => o.status === 'READY');
    const span = ready ? (ready.last.getTime() - uploadStarted) / 1000 : 0;
    console.log(
      `  processed: ${outcome.map((o) => `${o.n} ${o.status}`).join(', ')}; all done ${span.toFixed(1)} s after the first upload (${(PHOTOS / span).toFixed(1)} photos/s); ${duplicates[0]!.n} duplicate pairs recorded`,
    );
    const worst = Math.max(figuresOf(processingSamples, 1).p99, 0);
    console.log(
      `\nTarget: GET p99 under 100 ms while photos process — ${worst < 100 ? 'met' : 'NOT met'} (${worst.toFixed(1)} ms)`,
    );
  },
);
