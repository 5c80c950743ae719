import { createHash } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartBody, sendMultipart } from '../../modules/people/people-testing';
import {
  createOrganisation,
  getFile,
  storedKeys,
  type OrganisationFixture,
  type TestApp,
} from '../../../test/harness';
import { uploadedFilesSchema } from '../http/multipart';
import { route } from '../http/route';
import { startKitTest } from '../resource-kit/kit-testing';
import { defineUpload, registerUploadKinds, UploadRefusedError } from './define-upload';
import { discardStoredFile } from './images';
import { storeUpload } from './store';

const LIMIT = 64 * 1024;

/**
 * A test kind: CSV or PDF up to 64 KB, processed on the queue: its first line derived as a file
 * of its own, and a file whose text says BAD refused for good.
 */
const notes = defineUpload({
  name: 'test-notes',
  accept: ['text', 'pdf'],
  textType: 'text/csv',
  acceptMessage: 'Must be a CSV or PDF file.',
  refusals: { png: 'A picture is not a note: send the CSV.' },
  maxBytes: LIMIT,
  processing: {
    runs: 'queue',
    async run(_file, step) {
      const text = (await step.readAll()).toString('utf8');
      if (text.includes('BAD')) throw new UploadRefusedError('The notes say BAD.');
      const first = text.split('\n')[0]!;
      await step.derive('first-line.txt', Buffer.from(first), 'text/plain');
      return { lines: text.split('\n').length };
    },
  },
});

let test: TestApp;
let org: OrganisationFixture;

beforeAll(async () => {
  registerUploadKinds([notes]);
  test = await startKitTest('test_uploads_unused', 'name text', [
    route({
      method: 'POST',
      path: '/test_uploads',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags: ['Test'],
      summary: 'A test upload',
      multipart: true,
      uploadLimits: { file: notes.maxBytes },
      body: z.object({ file: uploadedFilesSchema.length(1) }),
      status: 201,
      response: z.object({ data: z.record(z.string(), z.unknown()) }),
      handler: async (ctx, { body }) => {
        const stored = await storeUpload(ctx, notes, body.file[0]!, { field: 'file' });
        return { data: stored as unknown as Record<string, unknown> };
      },
    }),
    route({
      method: 'DELETE',
      path: '/test_uploads/:id',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags: ['Test'],
      summary: 'Remove a test upload',
      params: z.object({ id: z.string() }),
      status: 204,
      handler: async (ctx, { params }) => discardStoredFile(ctx, params.id),
    }),
  ]);
  org = await createOrganisation(test.app, 'Uploads Org');
});
afterAll(() => test.close());

const upload = (content: Buffer | string, name = 'notes.csv', token = org.owner.token) =>
  sendMultipart(
    test,
    token,
    'POST',
    `/organisations/${org.id}/test_uploads`,
    multipartBody({}, [{ field: 'file', name, type: 'text/csv', content }]),
  );

const fileRow = async (id: string) =>
  (await test.platform.db.query('SELECT * FROM stored_files WHERE id = $1', [id]))
    .rows[0] as Record<string, any>;

describe('uploads of a declared kind', () => {
  it('records the file: type from its bytes, size, SHA-256 taken while streaming, uploader', async () => {
    const content = 'Door,Status\nD1,Open\n';
    const answer = await upload(content, 'doors.txt');
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      kind: 'test-notes',
      name: 'doors.txt',
      content_type: 'text/csv',
      status: 'PROCESSING',
      uploaded_by_user_id: org.owner.userId,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(Number(answer.body.data.size_bytes)).toBe(Buffer.byteLength(content));
    await expect.poll(async () => (await fileRow(answer.body.data.id)).status).toBe('READY');
    const ready = await fileRow(answer.body.data.id);
    expect(ready.metadata).toEqual({ lines: 3 });
    const derived = ready.derived['first-line.txt'];
    expect(derived).toMatchObject({ content_type: 'text/plain', size: 11 });
    const link = test.platform.storage.signedUrl(derived.key, { filename: 'first.txt' });
    expect((await getFile(test.app, link)).body).toBe('Door,Status');
  });

  it('refuses a file by what it is, not its name: a 422 naming the field, nothing kept', async () => {
    const before = await storedKeys(test, 'uploads/');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const picture = await upload(png, 'notes.csv');
    expect(picture.status).toBe(422);
    expect(picture.body.errors).toEqual([
      {
        field: 'file',
        message: 'A picture is not a note: send the CSV.',
        code: 'unsupported_type',
      },
    ]);
    const binary = await upload(Buffer.from([0, 1, 2, 3, 0xff]), 'notes.csv');
    expect(binary.body.errors[0]).toMatchObject({
      field: 'file',
      message: 'Must be a CSV or PDF file.',
    });
    const empty = await upload('', 'notes.csv');
    expect(empty.body.errors[0]).toMatchObject({ field: 'file', code: 'empty' });
    await expect.poll(() => storedKeys(test, 'uploads/')).toEqual(before);
  });

  it('fails a file its processing cannot read, with the reason, for good', async () => {
    const answer = await upload('BAD notes\n');
    await expect.poll(async () => (await fileRow(answer.body.data.id)).status).toBe('FAILED');
    expect((await fileRow(answer.body.data.id)).error).toBe('The notes say BAD.');
  });

  it('answers a file over its kind’s limit with a 413 on a real connection, not a reset', async () => {
    const address = new URL(await test.app.listen({ port: 0, host: '127.0.0.1' }));
    const body = multipartBody({}, [
      { field: 'file', name: 'big.csv', type: 'text/csv', content: 'x'.repeat(LIMIT * 4) },
    ]);
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const call = request(
        {
          host: address.hostname,
          port: address.port,
          method: 'POST',
          path: `/organisations/${org.id}/test_uploads`,
          agent: false,
          headers: { ...body.headers, authorization: `Bearer ${org.owner.token}` },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => done({ status: response.statusCode ?? 0, body: text }));
        },
      );
      call.on('error', fail);
      call.end(body.payload);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'file_too_large',
      message: 'A file is larger than 0.1 MB.',
    });
  });

  it('keeps each organisation’s file records behind its walls; removing one removes its files', async () => {
    const answer = await upload('Mine,Only\n');
    const id = answer.body.data.id as string;
    await expect.poll(async () => (await fileRow(id)).status).toBe('READY');
    const other = await createOrganisation(test.app, 'Other Uploads Org');
    // the request role sees only its own organisation's rows
    const seen = await test.platform.db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
        [other.id],
      );
      return (await tx.query('SELECT id FROM stored_files WHERE id = $1', [id])).rows;
    });
    expect(seen).toEqual([]);
    expect((await other.api.delete(`/test_uploads/${id}`)).status).toBe(204);
    expect(await fileRow(id)).toBeDefined();
    const row = await fileRow(id);
    const keys = [row.key, ...Object.values(row.derived).map((file: any) => file.key)];
    expect((await org.api.delete(`/test_uploads/${id}`)).status).toBe(204);
    expect(await fileRow(id)).toBeUndefined();
    await expect
      .poll(async () => (await storedKeys(test)).filter((key) => keys.includes(key)))
      .toEqual([]);
  });
});
