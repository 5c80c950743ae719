import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_TEST_ENV, startS3Server, TEST_BUCKET } from '../../../test/s3-server';
import { getFile, usingPostgres } from '../../../test/harness';
import { installErrorHandling } from '../http/errors-handler';
import { registerFileDownloads } from './downloads';
import { localBackend } from './local';
import { parseS3Url, s3Backend } from './s3';
import { withSignedLinks, type FileStorage } from './storage';

/**
 * The storage contract, on both backends side by side: the local folder and a real
 * S3-compatible server started here. (It needs no database, so it runs on the embedded leg only.)
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let folder: string;
const backends: Record<'local' | 's3', { storage: FileStorage; app: FastifyInstance }> =
  {} as never;

async function serve(storage: FileStorage) {
  const app = Fastify();
  installErrorHandling(app);
  registerFileDownloads(app, storage);
  await app.ready();
  return { storage, app };
}

beforeAll(async () => {
  Object.assign(process.env, S3_TEST_ENV);
  s3 = await startS3Server();
  folder = await mkdtemp(join(tmpdir(), 'fieldwork-storage-'));
  const links = { publicApiUrl: 'http://api.test', secret: 'test-secret' };
  backends.local = await serve(withSignedLinks(localBackend(folder), links));
  const location = parseS3Url(
    `s3://${TEST_BUCKET}?endpoint=${encodeURIComponent(s3.endpoint)}&prefix=contract`,
  );
  backends.s3 = await serve(withSignedLinks(s3Backend(location), links));
});
afterAll(async () => {
  for (const { app, storage } of Object.values(backends)) {
    await app.close();
    await storage.close();
  }
  await s3?.stop();
  await rm(folder, { recursive: true, force: true });
});

async function pdfOfPages(pages: number): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (let page = 1; page <= pages; page += 1) {
    if (page > 1) document.addPage();
    document.fontSize(40).text(`Page ${page}`, 80, 80);
  }
  document.end();
  await new Promise((resolve) => document.on('end', resolve));
  return Buffer.concat(chunks);
}

describe.skipIf(usingPostgres()).each(['local', 's3'] as const)('storage on %s', (name) => {
  const backend = () => backends[name];
  const put = (key: string, content: string | Buffer, contentType?: string) =>
    backend().storage.write(key, Readable.from([content]), { contentType });
  const get = (url: string, extra = '') => getFile(backend().app, url + extra);

  it('writes by streaming, reads, ranges, sizes, lists and removes', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 7); // more than two multipart parts on S3
    const { size } = await backend().storage.write(
      'tests/big.bin',
      Readable.from([big.subarray(0, 6_000_000), big.subarray(6_000_000)]),
    );
    expect(size).toBe(big.length);
    expect(await backend().storage.size('tests/big.bin')).toBe(big.length);
    const range = await backend().storage.read('tests/big.bin', { start: 10, end: 19 });
    let bytes = 0;
    for await (const chunk of range as AsyncIterable<Buffer>) bytes += chunk.length;
    expect(bytes).toBe(10);
    await put('tests/list/a.txt', 'a');
    await put('tests/list/b/c.txt', 'c');
    const keys: string[] = [];
    for await (const key of backend().storage.keys('tests/list/')) keys.push(key);
    expect(keys.sort()).toEqual(['tests/list/a.txt', 'tests/list/b/c.txt']);
    await backend().storage.remove('tests/big.bin');
    await backend().storage.remove('tests/never-written');
    expect(await backend().storage.read('tests/big.bin')).toBeNull();
    expect(await backend().storage.size('tests/big.bin')).toBeNull();
  });

  it('shows PDFs and images in place, typed, and downloads the rest', async () => {
    await put('tests/invoice', '%PDF-1.4 invoice', 'application/pdf');
    const link = backend().storage.signedUrl('tests/invoice', { filename: 'INV-000001.pdf' });
    const pdf = await get(link);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toBe('%PDF-1.4 invoice');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="INV-000001.pdf"');

    const forced = await get(link, '&download=1');
    expect(forced.headers['content-disposition']).toMatch(/^attachment;/);

    await put('tests/export', 'a,b\n1,2\n');
    const csv = await get(backend().storage.signedUrl('tests/export', { filename: 'clients.csv' }));
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);

    await put('tests/page', '<script>alert(1)</script>');
    const page = await get(backend().storage.signedUrl('tests/page', { filename: 'page.html' }));
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a tampered, expired, widened or missing link', async () => {
    await put('tests/secret', 'secret');
    await put('tests/other', 'other');
    const url = new URL(backend().storage.signedUrl('tests/secret'));
    const tampered = new URL(url);
    tampered.searchParams.set('signature', 'x'.repeat(43));
    expect((await get(tampered.toString())).statusCode).toBe(403);
    // the same signature on another key, or with a conversion added, is no link
    expect((await get(url.toString().replace('tests/secret', 'tests/other'))).statusCode).toBe(403);
    expect((await get(url.toString(), '&conversion=w100.png')).statusCode).toBe(403);
    const expired = backend().storage.signedUrl('tests/secret', { ttlSeconds: -1 });
    expect((await get(expired)).statusCode).toBe(403);
    const missing = backend().storage.signedUrl('tests/nothing-here');
    expect((await get(missing)).statusCode).toBe(404);
    const escaping = await get('http://api.test/files/tests/..%2F..%2Fsecret?expires=9999999999');
    expect(escaping.statusCode).toBe(403);
  });

  it('converts an image to a width and format once, and reuses the stored copy', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .toBuffer();
    await put('tests/photo.jpg', photo, 'image/jpeg');
    const link = backend().storage.signedUrl('tests/photo.jpg', {
      filename: 'photo.jpg',
      conversion: { width: 400, format: 'webp' },
    });
    const first = await get(link);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['content-disposition']).toBe('inline; filename="photo.webp"');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    expect(await backend().storage.size('conversions/tests/photo.jpg/w400.webp')).not.toBeNull();
    const again = await get(link);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // never enlarged; the format kept when only a width is asked for
    const wide = await get(
      backend().storage.signedUrl('tests/photo.jpg', { conversion: { width: 4000 } }),
    );
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 1600, format: 'jpeg' });
    // removing the file removes its conversions
    await backend().storage.remove('tests/photo.jpg');
    expect(await backend().storage.size('conversions/tests/photo.jpg/w400.webp')).toBeNull();
  });

  it("renders a PDF's page as an image; a missing page or a non-image is a 422", async () => {
    await put('tests/drawing.pdf', await pdfOfPages(2), 'application/pdf');
    const second = await get(
      backend().storage.signedUrl('tests/drawing.pdf', {
        filename: 'drawing.pdf',
        conversion: { page: 2, width: 600 },
      }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/png');
    const meta = await sharp(second.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 600, format: 'png' });
    expect(meta.height).toBe(Math.round((600 * 842) / 595));
    const third = await get(
      backend().storage.signedUrl('tests/drawing.pdf', { conversion: { page: 3 } }),
    );
    expect(third.statusCode).toBe(422);
    await put('tests/notes.txt', 'not an image');
    const text = await get(
      backend().storage.signedUrl('tests/notes.txt', { conversion: { width: 100 } }),
    );
    expect(text.statusCode).toBe(422);
    expect(JSON.parse(text.body)).toMatchObject({ code: 'conversion_failed' });
  });
});
