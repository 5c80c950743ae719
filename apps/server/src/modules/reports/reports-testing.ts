import type { Report } from '@fieldwork/contract';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Client, TestApp } from '../../../test/harness';
import { getFile } from '../../../test/harness';
import { openPdf } from '../../platform/storage/pdf-render';

/** Waits for a report to be READY or FAILED and answers the record. */
export async function finished(api: Client, id: string): Promise<Report> {
  const read = async () => ((await api.get(`/reports/${id}`)).body as { data: Report }).data;
  await expect.poll(async () => (await read()).status, { timeout: 60_000 }).toMatch(/READY|FAILED/);
  return read();
}

/** The built file's bytes through its signed link. */
export async function download(test: TestApp, url: string): Promise<Buffer> {
  const reply = await getFile(test.app, url);
  expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
  return reply.rawPayload;
}

/** Each page's text, read back with pdf.js. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await openPdf(new Uint8Array(bytes));
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join(''),
    );
  }
  await pdf.destroy();
  return pages;
}

export async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
