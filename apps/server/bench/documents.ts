/**
 * npm run bench:documents (part of npm run bench): a project with 20,000 documents in 2,000
 * folders on the real PostgreSQL server. Times listing a deep folder (its rows with their
 * breadcrumbs) and one folder's breadcrumbs at 8 connections (target: p99 under 50 ms), then
 * produces 100 signed copies of a 50-page PDF on the queue and samples the memory of the process
 * that builds them (target: RSS under 300 MB). The product runs as a fleet does
 * (docs/deployment.md): an API process and a worker process, so the figure is the worker's, and
 * the API's is printed beside it. BENCH_ONE_PROCESS=1 runs both in one process, as `npm start`.
 */
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { runBench } from './harness';
import { loadTest, row, rssMb, watchRss } from './measure';
import { call, type Created } from './setup';

const FOLDERS = 2_000;
const FILES = Number(process.env.BENCH_DOCUMENTS ?? 20_000) - FOLDERS;
const COPIES = Number(process.env.BENCH_SIGNED_COPIES ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** A PDF of `pages` A4 pages of text. */
async function pdfOf(pages: number): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', resolve));
  for (let page = 0; page < pages; page++) {
    if (page > 0) document.addPage();
    document.fontSize(18).text(`Method statement, page ${page + 1}`);
    document.fontSize(10).text('Read every step before starting work on site. '.repeat(60));
  }
  document.end();
  await done;
  return Buffer.concat(chunks);
}

/** A small drawn signature (a PNG) as a data URL. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAHElEQVQYV2NkYGD4z8DAwMgABXAGNgGwSgwVAAA3xgIIyI0RAQAAAABJRU5ErkJggg==';

await runBench(
  { database: 'fieldwork_bench_documents', port: 3398, worker: true },
  async ({ api, worker, split, base, databaseUrl, registerOrganisation }) => {
    const org = await registerOrganisation('Bench Documents Org');
    const orgBase = `${base}/organisations/${org.id}`;
    const project = await call<Created>('POST', `${orgBase}/projects`, org.token, {
      name: 'Bench documents',
    });
    const projectId = project.data.id;

    // 2,000 folders four deep (20 → 200 → 1,780 → …) and 18,000 files spread over them, written
    // straight to the tables (one stored file row each, no bytes: the lists do not read them).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const id = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(22, '0')}`;
    await db.query(
      `INSERT INTO document_folders (id, organisation_id, project_id, folder_id, name, is_folder)
       SELECT '${'f0'}' || lpad(to_hex(i), 22, '0'), $1, $2,
              CASE WHEN i <= 20 THEN NULL
                   WHEN i <= 220 THEN 'f0' || lpad(to_hex((i - 21) / 10 + 1), 22, '0')
                   ELSE 'f0' || lpad(to_hex((i - 221) / 9 + 21), 22, '0') END,
              'Folder ' || i, true
         FROM generate_series(1, $3::int) AS i ORDER BY i`,
      [org.id, projectId, FOLDERS],
    );
    await db.query(
      `INSERT INTO stored_files (id, organisation_id, kind, key, name, size_bytes, content_type,
         sha256, status)
       SELECT 'a0' || lpad(to_hex(i), 22, '0'), $1, 'document', 'bench/' || i, 'File ' || i, 1000,
              'application/pdf', repeat('a', 64), 'READY'
         FROM generate_series(1, $2::int) AS i`,
      [org.id, FILES],
    );
    await db.query(
      `INSERT INTO document_folders (id, organisation_id, project_id, folder_id, name, is_folder,
         stored_file_id)
       SELECT 'd0' || lpad(to_hex(i), 22, '0'), $1, $2, 'f0' || lpad(to_hex(i % $3 + 1), 22, '0'),
              'File ' || i || '.pdf', false, 'a0' || lpad(to_hex(i), 22, '0')
         FROM generate_series(1, $4::int) AS i`,
      [org.id, projectId, FOLDERS, FILES],
    );
    await db.query('ANALYZE');
    const { rows: counted } = await db.query<{ count: string }>(
      'SELECT count(*) FROM document_folders WHERE organisation_id = $1',
      [org.id],
    );
    await db.end();

    const auth = { authorization: `Bearer ${org.token}` };
    const deep = id('f0', FOLDERS); // a folder at the bottom of the tree
    const listUrl = `${orgBase}/documents?filter[project_id]=${projectId}&filter[folder_id]=${deep}&page[size]=50`;
    const crumbsUrl = `${orgBase}/documents/${deep}`;
    const listed = await call<{ data: Array<{ path: unknown[] }> }>('GET', listUrl, org.token);
    console.log(
      `\n${counted[0]!.count} documents (${FOLDERS} folders); the deep folder holds ${listed.data.length} rows, breadcrumbs ${listed.data[0]?.path.length ?? 0} deep`,
    );
    const list = await loadTest(listUrl, auth, 8, SECONDS);
    const crumbs = await loadTest(crumbsUrl, auth, 8, SECONDS);
    console.log(`  ${row('list a folder, 8 connections', list)}`);
    console.log(`  ${row('a folder with its breadcrumbs, 8 conn.', crumbs)}`);
    console.log(
      `  target p99 < 50 ms: ${Math.max(list.p99, crumbs.p99) < 50 ? 'MET' : 'NOT MET'} (list ${list.p99} ms, breadcrumbs ${crumbs.p99} ms)`,
    );

    // 100 signed copies of a 50-page PDF: one uploaded document made a signed document 100
    // times (they share the file), each signed by the owner: 100 builds on the queue.
    const pdf = await pdfOf(50);
    const form = new FormData();
    form.set('project_id', projectId);
    form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'ms.pdf');
    const upload = await fetch(`${orgBase}/documents/file`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
    const documentId = ((await upload.json()) as Created).data.id;
    const before = rssMb(worker.pid!);
    const apiBefore = rssMb(api.pid!);
    const stopRss = watchRss(worker.pid!);
    const stopApiRss = split ? watchRss(api.pid!) : () => apiBefore;
    const signing = Date.now();
    const signedIds: string[] = [];
    for (let i = 0; i < COPIES; i++) {
      const signed = await call<Created>(
        'PUT',
        `${orgBase}/documents/${documentId}/convert_to_signed`,
        org.token,
        { enableOnCreate: 'true', addUserIds: [org.userId] },
      );
      await call('POST', `${orgBase}/signed_documents/${signed.data.id}/sign`, org.token, {
        signature: SIGNATURE,
      });
      signedIds.push(signed.data.id);
    }
    const asked = Date.now() - signing;
    let ready = 0;
    while (ready < COPIES && Date.now() - signing < 600_000) {
      const builds = await call<{ data: Array<{ status: string }> }>(
        'GET',
        `${orgBase}/builds?page=all`,
        org.token,
      );
      ready = builds.data.filter((build) => build.status === 'READY').length;
      if (builds.data.some((build) => build.status === 'FAILED'))
        throw new Error('a signed copy failed');
      if (ready < COPIES) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const peak = stopRss();
    const apiPeak = stopApiRss();
    const seconds = (Date.now() - signing) / 1000;
    console.log(
      `\n${COPIES} signed copies of a ${pdf.length >> 10} KB 50-page PDF: asked in ${(asked / 1000).toFixed(1)} s, ${ready} built in ${seconds.toFixed(1)} s (${((seconds * 1000) / COPIES).toFixed(0)} ms each)`,
    );
    const builder = split ? 'worker process' : 'API process (also the worker)';
    console.log(
      `  ${builder} RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB while building (+${(peak - before).toFixed(0)} MB); target < 300 MB: ${peak < 300 ? 'MET' : 'NOT MET'}`,
    );
    if (split)
      console.log(
        `  API process RSS ${apiBefore.toFixed(0)} MB before, peak ${apiPeak.toFixed(0)} MB`,
      );
  },
);
