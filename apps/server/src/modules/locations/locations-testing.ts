import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Client, Reply } from '../../../test/harness';

/** A one-page PDF of the given size in points, with a few lines drawn on it. */
export async function drawingPdf(width = 720, height = 360, pages = 1): Promise<Buffer> {
  const document = new PDFDocument({ size: [width, height], margin: 0 });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', resolve));
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) document.addPage({ size: [width, height], margin: 0 });
    document.rect(20, 20, width - 40, height - 40).stroke();
    document
      .moveTo(20, height / 2)
      .lineTo(width - 20, height / 2)
      .stroke();
    document.text(`Level plan ${page + 1}`, 40, 40);
  }
  document.end();
  await done;
  return Buffer.concat(chunks);
}

/** A plain PNG of the given size. */
export const drawingPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } })
    .png()
    .toBuffer();

interface Created {
  data: { id: string };
}
const idOf = (reply: Reply) => (reply.body as Created).data.id;

/** A project on a site with a block and two levels, through the API. */
export async function drawingGround(api: Client) {
  const site = await api.post('/sites', { name: `Site ${Math.random().toString(16).slice(2, 8)}` });
  expect(site.status).toBe(201);
  const project = await api.post('/projects', { name: 'Tower', site_id: idOf(site) });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const projectId = idOf(project);
  const block = await api.post('/blocks', { project_id: projectId, name: 'Block A' });
  expect(block.status).toBe(201);
  const ground = await api.post('/levels', { block_id: idOf(block), name: 'Ground' });
  const first = await api.post('/levels', { block_id: idOf(block), name: 'First' });
  expect(first.status).toBe(201);
  return {
    siteId: idOf(site),
    projectId,
    blockId: idOf(block),
    levelId: idOf(ground),
    otherLevelId: idOf(first),
  };
}

/** Asks for a record until it is no longer PROCESSING (or its replacement is done). */
export async function settled(api: Client, path: string): Promise<Reply['body']> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const reply = await api.get(path);
    expect(reply.status).toBe(200);
    const record = (reply.body as { data: { status: string; replacing?: boolean } }).data;
    if (record.status !== 'PROCESSING' && !record.replacing) return record as Reply['body'];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} still processing after 30 s`);
}
