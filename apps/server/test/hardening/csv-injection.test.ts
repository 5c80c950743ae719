import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationContext } from '../../src/platform/http/context';
import { exportCsv } from '../../src/platform/resource-kit/export-csv';
import type { FileStorage } from '../../src/platform/storage/storage';
import { createOrganisation, getFile, startTestApp, type TestApp } from '../harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const parseCsv = (text: string) =>
  parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { columns: true });

describe('CSV exports neutralise formula cells (OWASP CSV injection)', () => {
  it('prefixes text cells starting with = + - @ tab or CR with a quote; numbers stay numbers', async () => {
    // The writer itself, with cells the API's trimming would never let through (tab, CR).
    const written: string[] = [];
    const storage = {
      async write(_key: string, source: AsyncIterable<string | Buffer>) {
        for await (const chunk of source) written.push(String(chunk));
        return { size: 0 };
      },
      signedUrl: () => 'http://files.test/export.csv',
    } as unknown as FileStorage;
    const ctx = { organisationId: 'org', services: { storage } } as unknown as OrganisationContext;
    const cells = ['=1+1', '+cmd|calc', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturned', 'Plain'];
    await exportCsv(ctx, {
      name: 'cells',
      columns: [
        { key: 'text', header: 'Text' },
        { key: 'amount', header: 'Amount' },
      ],
      query: { filter: [], sort: [], expand: [] } as never,
      rows: async function* () {
        yield cells.map((text, index) => ({ id: String(index), text, amount: -5 }));
      },
    });
    const rows = parseCsv(written.join(''));
    expect(rows.map((row) => row.Text)).toEqual([
      "'=1+1",
      "'+cmd|calc",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTabbed",
      "'\rReturned",
      'Plain',
    ]);
    expect(rows.every((row) => row.Amount === '-5')).toBe(true);
  });

  it('a client named like a formula is exported as text', async () => {
    const organisation = await createOrganisation(test.app, 'Formula Org');
    for (const name of ['=HYPERLINK("http://evil.test","x")', '@SUM(A1)', 'Plain Ltd']) {
      expect((await organisation.api.post('/clients', { name })).status).toBe(201);
    }
    const exported = await organisation.api.post('/exports/clients_csv?sort=name');
    expect(exported.status).toBe(200);
    const url = new URL(exported.body.url);
    const download = await getFile(test.app, url.toString());
    const names = parseCsv(download.body).map((row) => row.Name);
    expect(names).toEqual(
      expect.arrayContaining(['\'=HYPERLINK("http://evil.test","x")', "'@SUM(A1)", 'Plain Ltd']),
    );
  });
});
