import { recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMember,
  createOrganisation,
  getFile,
  type OrganisationFixture,
  type TestApp,
} from '../../../test/harness';
import { auditActions, multipartBody, sendMultipart } from '../../modules/people/people-testing';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';

/** Declared files on a table made for this test: multipart writes, /attachments, cleanup. */
const table = `kit_papers_${Math.random().toString(36).slice(2, 8)}`;
const attachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  url: z.string(),
});
const papers = defineResource({
  name: 'kit_papers',
  label: 'Paper',
  table,
  record: recordSchema.extend({
    name: z.string(),
    attachments: z.array(attachment.loose()),
  }),
  create: z.object({ name: z.string().min(1) }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: { name: { type: 'text', sort: true }, attachments: { type: 'json' } },
  files: { column: 'attachments', field: 'files', max: 2 },
  defaultSort: 'name',
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});

let test: TestApp;
let org: OrganisationFixture;
beforeAll(async () => {
  test = await startKitTest(
    table,
    `name text NOT NULL, attachments jsonb NOT NULL DEFAULT '[]'`,
    resourceRoutes(papers),
  );
  org = await createOrganisation(test.app, 'Files Org');
});
afterAll(() => test.close());

const url = (path: string) => `/organisations/${org.id}/kit_papers${path}`;
const upload = (path: string, fields: Record<string, string>, names: string[], token?: string) =>
  sendMultipart(
    test,
    token ?? org.owner.token,
    'POST',
    url(path),
    multipartBody(
      fields,
      names.map((name) => ({ name, content: `content of ${name}` })),
    ),
  );
const download = (link: string) => getFile(test.app, link);

describe('the kit’s declared files', () => {
  it('creates from multipart with files; answers signed links, never storage keys', async () => {
    const created = await upload('', { name: 'Permit' }, ['a.txt']);
    expect(created.status).toBe(201);
    const [file] = created.body.data.attachments;
    expect(file).toMatchObject({ name: 'a.txt', size: 16 });
    expect(file.key).toBeUndefined();
    expect((await download(file.url)).body).toBe('content of a.txt');
    const plain = await org.api.post('/kit_papers', { name: 'No files' });
    expect(plain.body.data.attachments).toEqual([]);
  });

  it('adds through /attachments up to the declared limit, removes one, audits both', async () => {
    const id = (await upload('', { name: 'Limits' }, ['one.txt'])).body.data.id;
    const added = await upload(`/${id}/attachments`, {}, ['two.txt']);
    expect(added.status).toBe(200);
    expect(added.body.data.attachments.map((a: { name: string }) => a.name)).toEqual([
      'one.txt',
      'two.txt',
    ]);
    const over = await upload(`/${id}/attachments`, {}, ['three.txt']);
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ field: 'files', code: 'too_big' });
    const [first, second] = added.body.data.attachments;
    const removed = await org.api.delete(`/kit_papers/${id}/attachments/${first.id}`);
    expect(removed.body.data.attachments.map((a: { id: string }) => a.id)).toEqual([second.id]);
    await expect.poll(async () => (await download(first.url)).statusCode).toBe(404);
    expect((await org.api.delete(`/kit_papers/${id}/attachments/${first.id}`)).status).toBe(404);
    expect(await auditActions(test, id)).toEqual([
      'CREATE',
      'ADD_ATTACHMENTS',
      'REMOVE_ATTACHMENT',
    ]);
  });

  it('adds files on update; deleting the record removes its files after the commit', async () => {
    const id = (await org.api.post('/kit_papers', { name: 'Later' })).body.data.id;
    const updated = await sendMultipart(
      test,
      org.owner.token,
      'PUT',
      url(`/${id}`),
      multipartBody({ name: 'Later, with a file' }, [{ name: 'late.txt', content: 'late' }]),
    );
    expect(updated.body.data).toMatchObject({ name: 'Later, with a file' });
    const [file] = updated.body.data.attachments;
    expect((await download(file.url)).statusCode).toBe(200);
    expect((await org.api.delete(`/kit_papers/${id}`)).status).toBe(204);
    await expect.poll(async () => (await download(file.url)).statusCode).toBe(404);
  });

  it('needs the update role to attach, and finds no other organisation’s records', async () => {
    const id = (await org.api.post('/kit_papers', { name: 'Guarded' })).body.data.id;
    const operative = await addMember(test, org, 'OPERATIVE');
    const refused = await upload(`/${id}/attachments`, {}, ['x.txt'], operative.token);
    expect(refused.status).toBe(403);
    const stranger = await createOrganisation(test.app, 'Other Files Org');
    const foreign = await sendMultipart(
      test,
      stranger.owner.token,
      'POST',
      `/organisations/${stranger.id}/kit_papers/${id}/attachments`,
      multipartBody({}, [{ name: 'x.txt', content: 'x' }]),
    );
    expect(foreign.status).toBe(404);
  });
});
