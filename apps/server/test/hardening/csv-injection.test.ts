import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvChunks } from '../../src/platform/builds';
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
    // The encoder itself, with cells the API's trimming would never let through (tab, CR).
    const written: string[] = [];
    const cells = ['=1+1', '+cmd|calc', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturned', 'Plain'];
    const columns = [
      { key: 'text', header: 'Text' },
      { key: 'amount', header: 'Amount' },
    ];
    const source = (async function* () {
      yield cells.map((text, index) => ({ id: String(index), text, amount: -5 }));
    })();
    for await (const chunk of csvChunks(columns, source)) written.push(chunk);
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
