/**
 * npm run bench:files: the files platform under load, on PostgreSQL.
 * 1. 200 concurrent 5 MB uploads (qualification attachments: streamed to storage, no processing)
 *    through an API process, while another caller times GET /clients/{id}: the GET's p99, and
 *    the API's peak RSS.
 * 2. A 100,000-row clients CSV export built on the queue: seconds from asking to READY, and the
 *    API's (and so its worker's) peak RSS meanwhile.
 * 3. A 10-page A1 PDF rendered at 150 dpi on the queue (the PDF-pages upload kind, in this
 *    process: its worker): seconds per page and this process's peak RSS.
 */
import { rm } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { allJobs, allRoutes } from '../src/modules';
import { createPlatform } from '../src/platform/bootstrap';
import { uploadedFilesSchema } from '../src/platform/http/multipart';
import { route } from '../src/platform/http/route';
import { pdfPagesUpload, storeUpload } from '../src/platform/uploads';
import { machineLine, rssMb, timeGets, watchRss } from './measure';
import {
  benchDatabaseUrl,
  call,
  dropDatabase,
  prepareDatabase,
  registerOrganisation,
  startApi,
  stopApi,
} from './setup';

const DATABASE = 'fieldwork_bench_files';
const PORT = 3396;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 200);
const UPLOAD_BYTES = 5 * 1024 * 1024;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const PDF_PAGES = 10;
const databaseUrl = benchDatabaseUrl(DATABASE);

async function uploadsAndExport() {
  await prepareDatabase(DATABASE);
  const dataDir = '/tmp/fieldwork-bench-files';
  await rm(dataDir, { recursive: true, force: true });
  const api = await startApi(databaseUrl, PORT, { DATA_DIR: dataDir });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const organisation = await registerOrganisation(PORT, 'Bench Files Org');
    const base = `http://127.0.0.1:${PORT}/organisations/${organisation.id}`;
    const headers = { authorization: `Bearer ${organisation.token}` };
    const client = await call<{ data: { id: string } }>(
      'POST',
      `${base}/clients`,
      organisation.token,
      {
        name: 'Bench client',
      },
    );
    const getUrl = `${base}/clients/${client.data.id}`;
    const started = rssMb(api.pid!);

    // 1. 200 concurrent 5 MB uploads
    const file = new Blob([Buffer.alloc(UPLOAD_BYTES, 'x')], { type: 'application/pdf' });
    const stopRss = watchRss(api.pid!);
    const stopGets = timeGets(getUrl, headers);
    const uploadStarted = Date.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, index) => {
        const form = new FormData();
        form.set('name', `Certificate ${index}`);
        form.set('files', file, `certificate-${index}.pdf`);
        const response = await fetch(`${base}/qualifications`, {
          method: 'POST',
          headers,
          body: form,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const uploadSeconds = (Date.now() - uploadStarted) / 1000;
    const gets = await stopGets();
    const uploadPeak = stopRss();
    const refused = answers.filter((status) => status !== 201).length;
    console.log(
      `${UPLOADS} concurrent ${UPLOAD_BYTES / 1024 / 1024} MB uploads: ${uploadSeconds.toFixed(1)} s ` +
        `(${((UPLOADS * UPLOAD_BYTES) / 1024 / 1024 / uploadSeconds).toFixed(0)} MB/s), ${refused} refused`,
    );
    console.log(
      `  GET /clients/{id} meanwhile: ${gets.count} calls, p50 ${gets.p50.toFixed(1)} ms, ` +
        `p99 ${gets.p99.toFixed(1)} ms (target < 100 ms)`,
    );
    console.log(
      `  API RSS: ${started.toFixed(0)} MB at start, peak ${uploadPeak.toFixed(0)} MB ` +
        `(${(uploadPeak - started).toFixed(0)} MB over start)`,
    );

    // 2. A 100,000-row CSV export built on the queue
    await pool.query(
      `INSERT INTO clients (id, organisation_id, owner_id, name, created_at, updated_at)
       SELECT substr(md5(random()::text || i), 1, 24), $1, $2, 'Client ' || i, now(), now()
         FROM generate_series(1, $3) AS i`,
      [organisation.id, organisation.userId, EXPORT_ROWS - 1],
    );
    const beforeExport = rssMb(api.pid!);
    const stopExportRss = watchRss(api.pid!);
    const exportStarted = Date.now();
    const asked = await call<{ build: { id: string } }>(
      'POST',
      `${base}/exports/clients_csv`,
      organisation.token,
    );
    let build: { status: string; file: { size: number } | null; progress: { done: number } };
    for (;;) {
      build = (
        await call<{ data: typeof build }>(
          'GET',
          `${base}/builds/${asked.build.id}`,
          organisation.token,
        )
      ).data;
      if (build.status === 'READY' || build.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exportSeconds = (Date.now() - exportStarted) / 1000;
    const exportPeak = stopExportRss();
    console.log(
      `\n${EXPORT_ROWS.toLocaleString('en')}-row clients CSV export on the queue: ${build.status} in ` +
        `${exportSeconds.toFixed(1)} s (target < 30 s), ${((build.file?.size ?? 0) / 1024 / 1024).toFixed(1)} MB`,
    );
    console.log(
      `  API RSS: ${beforeExport.toFixed(0)} MB before, peak ${exportPeak.toFixed(0)} MB ` +
        `(target < 300 MB)`,
    );
  } finally {
    await pool.end();
    await stopApi(api);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function a1Pdf(pages: number): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A1', autoFirstPage: false });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (let page = 1; page <= pages; page += 1) {
    document.addPage({ size: 'A1' });
    document.fontSize(60).text(`Level ${page}`, 80, 80);
    // a drawing's worth of lines: a grid of rooms and their doors
    for (let x = 100; x < 1600; x += 50) document.moveTo(x, 300).lineTo(x, 2300).stroke();
    for (let y = 300; y < 2300; y += 50) document.moveTo(100, y).lineTo(1600, y).stroke();
    for (let room = 0; room < 200; room += 1) {
      document
        .fontSize(8)
        .text(`R${page}.${room}`, 110 + (room % 30) * 50, 310 + Math.floor(room / 30) * 50);
    }
  }
  document.end();
  await new Promise((resolve) => document.on('end', resolve));
  return Buffer.concat(chunks);
}

async function pdfRendering() {
  await prepareDatabase(DATABASE);
  const dataDir = '/tmp/fieldwork-bench-files-render';
  await rm(dataDir, { recursive: true, force: true });
  const drawings = pdfPagesUpload({
    name: 'bench-drawing',
    dpi: 150,
    maxBytes: 100 * 1024 * 1024,
  });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }),
    databaseUrl,
  };
  const platform = await createPlatform(config, { jobs: allJobs(), uploadKinds: [drawings] });
  const app = await buildApp(platform, {
    routes: [
      ...allRoutes(),
      route({
        method: 'POST',
        path: '/bench_drawings',
        access: 'organisation',
        minRole: 'MANAGER',
        tags: ['Bench'],
        summary: 'A drawing for the bench',
        multipart: true,
        uploadLimits: { file: drawings.maxBytes },
        body: z.object({ file: uploadedFilesSchema.length(1) }),
        status: 201,
        response: z.object({ id: z.string() }),
        handler: async (ctx, { body }) => ({
          id: (await storeUpload(ctx, drawings, body.file[0]!, { field: 'file' })).id,
        }),
      }),
    ],
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const organisation = await registerOrganisation(
      Number(new URL(address).port),
      'Bench Render Org',
    );
    const pdf = await a1Pdf(PDF_PAGES);
    const form = new FormData();
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'drawings.pdf');
    const before = rssMb(process.pid);
    const stopRss = watchRss(process.pid);
    const started = Date.now();
    const response = await fetch(`${address}/organisations/${organisation.id}/bench_drawings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${organisation.token}` },
      body: form,
    });
    const { id } = (await response.json()) as { id: string };
    let row: { status: string; metadata: { width?: number; height?: number; pages?: number } };
    for (;;) {
      row = (
        await platform.db.query<typeof row>(
          'SELECT status, metadata FROM stored_files WHERE id = $1',
          [id],
        )
      ).rows[0]!;
      if (row.status !== 'PROCESSING') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const peak = stopRss();
    console.log(
      `\n${PDF_PAGES}-page A1 PDF (${(pdf.length / 1024).toFixed(0)} KB) rendered at 150 dpi on the queue: ` +
        `${row.status}, ${row.metadata.width}×${row.metadata.height} px a page, ${seconds.toFixed(1)} s ` +
        `(${(seconds / PDF_PAGES).toFixed(2)} s a page)`,
    );
    console.log(`  worker RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`);
  } finally {
    await app.close();
    await platform.db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`Files and builds bench: ${machineLine()}\n`);
// The rendering first, while this process holds nothing else (its RSS is the worker's).
await pdfRendering();
await uploadsAndExport();
await dropDatabase(DATABASE);
