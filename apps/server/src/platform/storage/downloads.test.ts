import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

async function download(key: string, filename: string, extra = '') {
  await test.platform.storage.write(key, Readable.from(['content']));
  const url = new URL(test.platform.storage.signedUrl(key, { filename }));
  return test.app.inject({ method: 'GET', url: url.pathname + url.search + extra });
}

describe('signed downloads', () => {
  it('shows PDFs and images in place, typed, and downloads the rest', async () => {
    const pdf = await download('tests/invoice', 'INV-000001.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="INV-000001.pdf"');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');

    const forced = await download('tests/invoice', 'INV-000001.pdf', '&download=1');
    expect(forced.headers['content-disposition']).toMatch(/^attachment;/);

    const csv = await download('tests/export', 'clients.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);

    const page = await download('tests/page', 'page.html');
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a tampered link', async () => {
    await test.platform.storage.write('tests/secret', Readable.from(['secret']));
    const url = new URL(test.platform.storage.signedUrl('tests/secret'));
    url.searchParams.set('signature', 'x'.repeat(64));
    const response = await test.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(response.statusCode).toBe(403);
  });
});
