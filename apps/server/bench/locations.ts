/**
 * npm run bench:locations (part of npm run bench): a drawing with 5,000 locations on the real
 * PostgreSQL server. Times `GET /locations?filter[drawing_id]=…&page=all` through the API (a
 * separate process; target: p50 and p99 under 300 ms), then uploads a 10-page A1 PDF as a drawing
 * and times another request while its page is rendered on the queue (target: p99 under 100 ms),
 * by a worker process as a fleet runs (BENCH_ONE_PROCESS=1: the API's own, as `npm start`).
 */
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { runBench } from './harness';
import { get, percentile, row, sequential, timed, type Figures } from './measure';
import { call, type Created } from './setup';

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 5_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);

/** A PDF of `pages` A1 sheets (1684 × 2384 points) drawn with grid lines, as a drawing set is. */
async function a1Pdf(pages: number): Promise<Buffer> {
  const size: [number, number] = [2384, 1684];
  const document = new PDFDocument({ size, margin: 0 });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', resolve));
  for (let page = 0; page < pages; page++) {
    if (page > 0) document.addPage({ size, margin: 0 });
    for (let x = 40; x < size[0]; x += 60) document.moveTo(x, 40).lineTo(x, size[1] - 40);
    for (let y = 40; y < size[1]; y += 60) document.moveTo(40, y).lineTo(size[0] - 40, y);
    document.stroke();
    document.fontSize(48).text(`Level ${page + 1}`, 100, 100);
  }
  document.end();
  await done;
  return Buffer.concat(chunks);
}

// As a fleet runs (docs/deployment.md): the API answers, a worker process converts drawings.
await runBench(
  { database: 'fieldwork_bench_locations', port: 3396, worker: true },
  async ({ api, worker, split, base, databaseUrl, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Locations Org');
    const orgBase = `${base}/organisations/${org.id}`;
    const site = await call<Created>('POST', `${orgBase}/sites`, org.token, { name: 'Bench site' });
    const project = await call<Created>('POST', `${orgBase}/projects`, org.token, {
      name: 'Bench tower',
      site_id: site.data.id,
    });
    const block = await call<Created>('POST', `${orgBase}/blocks`, org.token, {
      project_id: project.data.id,
      name: 'Block A',
    });
    const level = await call<Created>('POST', `${orgBase}/levels`, org.token, {
      block_id: block.data.id,
      name: 'Ground',
    });
    // The drawing and its pins are written straight to the tables (the picture is not read here).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const drawingId = '0b0b0b0b0b0b0b0b0b0b0b0b';
    await db.query(
      `INSERT INTO drawings (id, organisation_id, level_id, name, status, width, height)
       VALUES ($1, $2, $3, 'Ground plan', 'READY', 9933, 7016)`,
      [drawingId, org.id, level.data.id],
    );
    await db.query(
      `INSERT INTO locations (id, organisation_id, project_id, reference, site_id, block_id, level_id,
         drawing_id, drawing_pos_top, drawing_pos_left, status_id)
       SELECT substr(md5(i::text), 1, 24), $1, $2, 'D-' || i, $3, $4, $5, $6,
              random(), random(),
              (SELECT id FROM location_statuses WHERE project_id = $2 ORDER BY "order" OFFSET (i % 4) LIMIT 1)
         FROM generate_series(1, $7::int) AS i ORDER BY i`,
      [org.id, project.data.id, site.data.id, block.data.id, level.data.id, drawingId, LOCATIONS],
    );
    await db.query('ANALYZE');
    await db.end();

    const auth = { authorization: `Bearer ${org.token}` };
    const listUrl = `${orgBase}/locations?filter[drawing_id]=${drawingId}&page=all`;
    const probe = await get(listUrl, auth);
    if (probe.status !== 200) throw new Error(`list answered ${probe.status}`);
    const list: Figures = await sequential(() => get(listUrl, auth), ITERATIONS, 3);
    console.log(
      `\nGET /locations?filter[drawing_id]=…&page=all (${LOCATIONS} locations, ${(probe.bytes / 1e6).toFixed(1)} MB)`,
    );
    console.log(`  ${row('API, 1 connection', list)}`);
    console.log(
      `  target < 300 ms: ${list.p99 < 300 ? 'MET' : 'NOT MET'} (p50 ${list.p50.toFixed(0)} ms, p99 ${list.p99.toFixed(0)} ms)`,
    );

    // Another request's latency, without and then while a 10-page A1 PDF is converted.
    const oneUrl = `${orgBase}/levels/${level.data.id}`;
    const quiet = await sequential(() => get(oneUrl, auth), 300, 50);
    const pdf = await a1Pdf(10);
    const form = new FormData();
    form.set('level_id', level.data.id);
    form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'a1-set.pdf');
    const upload = await fetch(`${orgBase}/drawings`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const drawing = (await upload.json()) as Created;
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
    const samples: number[] = [];
    const convertStarted = Date.now();
    let status = 'PROCESSING';
    while (status === 'PROCESSING' && Date.now() - convertStarted < 300_000) {
      for (let i = 0; i < 20; i++) await timed(samples, () => get(oneUrl, auth));
      status = (
        await call<{ data: { status: string } }>(
          'GET',
          `${orgBase}/drawings/${drawing.data.id}`,
          org.token,
        )
      ).data.status;
    }
    const convertMs = Date.now() - convertStarted;
    samples.sort((a, b) => a - b);
    const pct = (p: number) => percentile(samples, p);
    console.log(
      `\nGET /levels/{id} while a 10-page A1 PDF (${(pdf.length / 1024).toFixed(0)} KB) is converted (${status} after ${(convertMs / 1000).toFixed(1)} s)`,
    );
    console.log(`  ${row('quiet, 1 connection', quiet)}`);
    console.log(
      `  during conversion, 1 connection             ${samples.length} calls   p50 ${pct(50).toFixed(2).padStart(7)} ms   p99 ${pct(99).toFixed(2).padStart(7)} ms`,
    );
    console.log(`  target p99 < 100 ms: ${pct(99) < 100 ? 'MET' : 'NOT MET'}`);
    for (const [name, child] of split
      ? [['API', api] as const, ['Worker', worker] as const]
      : [['API (worker)', api] as const]) {
      const rss = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1];
      if (rss) console.log(`  ${name} peak RSS ${(Number(rss) / 1024).toFixed(0)} MB`);
    }
  },
);
