import { beforeAll, describe, expect, it } from 'vitest';
import { getFile, organisationApp } from '../../../test/harness';
import { readPdfText } from '../billing/pdf-testing';
import { newId } from '../../platform/ids';
import { drawingGround } from './locations-testing';
import { QR_TRIAL_MONTHLY, renewalDateOf } from './qr-codes';

const {
  test,
  org,
  other,
  members: { operative },
} = organisationApp('QR Org', { other: 'Other QR Org', members: { operative: 'OPERATIVE' } });
let ground: Awaited<ReturnType<typeof drawingGround>>;

beforeAll(async () => {
  ground = await drawingGround(org.api);
});

async function generated(id: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const reply = await org.api.get(`/qr_code_batches/${id}`);
    const batch = reply.body.data as { generated_at: string | null; failed_at: string | null };
    if (batch.generated_at || batch.failed_at) return reply.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('batch still generating');
}

describe('QR code batches', () => {
  it('generate unique codes within the quota, with a CSV and a label sheet built on the queue', async () => {
    const quota = await org.api.get('/qr_code_batches/quota');
    expect(quota.status).toBe(200);
    expect(quota.body.data).toEqual({
      limit: QR_TRIAL_MONTHLY,
      used: 0,
      remaining: QR_TRIAL_MONTHLY,
      renewalDate: renewalDateOf(new Date()),
    });
    const tooMany = await org.api.post('/qr_code_batches/generate', {
      quantity: QR_TRIAL_MONTHLY + 1,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({ field: 'quantity', code: 'quota_exceeded' });
    expect((await operative.orgApi.post('/qr_code_batches/generate', { quantity: 1 })).status).toBe(
      403,
    );

    const created = await org.api.post('/qr_code_batches/generate', { quantity: 25 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      quantity: 25,
      generated_at: null,
      download_count: 0,
      allocated_count: 0,
    });
    const id = created.body.data.id as string;
    const early = await org.api.get(`/qr_code_batches/${id}/download_url`);
    expect([200, 409]).toContain(early.status);
    const batch = await generated(id);
    expect(batch.failed_at).toBeNull();
    expect((await org.api.get('/qr_code_batches/quota')).body.data.remaining).toBe(
      QR_TRIAL_MONTHLY - 25,
    );

    const csvLink = await org.api.get(`/qr_code_batches/${id}/download_url?format=csv`);
    expect(csvLink.status).toBe(200);
    const csv = await getFile(test.app, csvLink.body.url);
    const lines = csv.body.trim().split(/\r\n/);
    expect(lines[0]).toBe('code,url');
    const codes = lines.slice(1).map((line) => line.split(',')[0]!);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{10}$/);
    expect(lines[1]).toMatch(/\/qr\/[0-9A-Z]{10}$/);

    const pdfLink = await org.api.get(`/qr_code_batches/${id}/download_url?format=pdf`);
    const pdf = await getFile(test.app, pdfLink.body.url);
    expect(pdf.statusCode).toBe(200);
    const text = await readPdfText(new Uint8Array(pdf.rawPayload));
    for (const code of codes) expect(text).toContain(code);
    const counted = (await org.api.get(`/qr_code_batches/${id}`)).body.data;
    expect(counted).toMatchObject({
      download_count: 2,
      downloaded_by_user: { id: org.owner.userId },
    });
    expect(counted.downloaded_at).not.toBeNull();
  });

  it('allocate codes to locations, answer the public lookup and count utilisation', async () => {
    const list = await org.api.get('/qr_code_batches');
    const batchId = list.body.data[0].id as string;
    const location = await org.api.post('/locations', { project_id: ground.projectId });
    const allocated = await operative.orgApi.post(`/qr_code_batches/${batchId}/allocate`, {
      location_id: location.body.data.id,
    });
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    const code = allocated.body.data.code as string;
    expect((await org.api.get(`/locations/${location.body.data.id}`)).body.data.qr_code.code).toBe(
      code,
    );
    const second = await org.api.post('/locations', {
      project_id: ground.projectId,
      qr_code: code,
    });
    expect(second.status).toBe(422);
    expect(second.body.errors[0]).toMatchObject({ field: 'qr_code', code: 'conflict' });

    const lookup = await test.app.inject({ method: 'GET', url: `/qr_codes/${code.toLowerCase()}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({
      data: {
        id: code,
        organisation_id: org.id,
        location_id: location.body.data.id,
        allocated: true,
      },
    });
    expect((await test.app.inject({ method: 'GET', url: '/qr_codes/NOSUCHCODE' })).statusCode).toBe(
      404,
    );
    const usage = await org.api.get('/qr_code_batches/utilisation');
    expect(usage.body.data).toEqual({ total: 25, allocated: 1, unallocated: 24, batches: 1 });
    expect((await org.api.get(`/qr_code_batches/${batchId}`)).body.data.allocated_count).toBe(1);

    // Another organisation neither sees the batch nor may allocate its codes.
    expect((await other.api.get(`/qr_code_batches/${batchId}`)).status).toBe(404);
    const theirs = await other.api.post('/locations', { project_id: ground.projectId });
    expect(theirs.status).toBe(422);
    const blocked = await org.api.delete(`/qr_code_batches/${batchId}`);
    expect(blocked.status).toBe(409);
  });

  it('asks to wait while a batch’s codes are still being made, and says when they failed', async () => {
    const location = await org.api.post('/locations', { project_id: ground.projectId });
    for (const [failed, code] of [
      [false, 'batch_generating'],
      [true, 'batch_failed'],
    ] as const) {
      const batchId = newId();
      await test.platform.db.query(
        `INSERT INTO qr_code_batches (id, organisation_id, quantity, failed_at)
         VALUES ($1, $2, 5, ${failed ? 'now()' : 'NULL'})`,
        [batchId, org.id],
      );
      const early = await org.api.post(`/qr_code_batches/${batchId}/allocate`, {
        location_id: location.body.data.id,
      });
      expect(early.status, JSON.stringify(early.body)).toBe(409);
      expect(early.body.code).toBe(code);
    }
    const unknown = await org.api.post(`/qr_code_batches/${newId()}/allocate`, {
      location_id: location.body.data.id,
    });
    expect(unknown.status).toBe(404);
  });
});
