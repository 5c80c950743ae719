import { MAX_UPLOAD_FILE_BYTES } from '@fieldwork/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  getFile,
  keysAddedSince,
  organisationApp,
  signUp,
  storedKeys,
  type OrganisationFixture,
  type OrgMember,
} from '../../../test/harness';
import { newId } from '../../platform/ids';
import { auditActions, multipartBody, sendMultipart } from '../people/people-testing';

const {
  test,
  org,
  other,
  members: { manager, operative, colleague },
} = organisationApp('Qualifications Org', {
  other: 'Other Qualifications Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', colleague: 'OPERATIVE' },
});

const base = () => `/organisations/${org.id}`;
const fields = (body: { errors: Array<{ field: string }> }) =>
  body.errors.map((error) => error.field).sort();
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Files currently under uploads/ in storage. */
async function storedUploads() {
  return storedKeys(test, 'uploads/');
}

const download = (url: string) => getFile(test.app, url);

describe('qualifications: JSON', () => {
  it('records a qualification for the caller by default, with expiry status', async () => {
    const created = await operative.orgApi.post('/qualifications', {
      name: 'CSCS Card',
      reference: 'CS-1',
      expiry_date: day(200),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      user_id: operative.userId,
      user_name: 'OPERATIVE member',
      name: 'CSCS Card',
      reference: 'CS-1',
      expiry_date: day(200),
      expiry_status: 'VALID',
      attachments: [],
    });
    const fetched = await operative.orgApi.get(`/qualifications/${created.body.data.id}`);
    expect(fetched.body.data).toEqual(created.body.data);
    const noExpiry = await operative.orgApi.post('/qualifications', { name: 'First aid' });
    expect(noExpiry.body.data).toMatchObject({
      reference: null,
      expiry_date: null,
      expiry_status: 'NO_EXPIRY',
    });
  });

  it('answers 422 naming bad fields', async () => {
    const response = await manager.orgApi.post('/qualifications', {
      name: '',
      expiry_date: '31/12/2030',
      user_id: 'nope',
    });
    expect(response.status).toBe(422);
    expect(fields(response.body)).toEqual(['expiry_date', 'name', 'user_id']);
    const outsider = await manager.orgApi.post('/qualifications', {
      name: 'Elsewhere',
      user_id: other.owner.userId,
    });
    expect(outsider.status).toBe(422);
    expect(fields(outsider.body)).toEqual(['user_id']);
    const files = await manager.orgApi.post('/qualifications', {
      name: 'Forged',
      files: [{ key: 'uploads/someone-elses' }],
    });
    expect(files.status).toBe(422);
    expect(fields(files.body)).toEqual(['files.0']);
  });

  it('keeps operatives to their own; managers see and change everyone’s', async () => {
    const mine = await operative.orgApi.post('/qualifications', { name: 'Mine' });
    const theirs = await colleague.orgApi.post('/qualifications', { name: 'Theirs' });
    const id = theirs.body.data.id;
    expect((await operative.orgApi.get(`/qualifications/${id}`)).status).toBe(404);
    expect((await operative.orgApi.put(`/qualifications/${id}`, { name: 'x' })).status).toBe(404);
    expect((await operative.orgApi.delete(`/qualifications/${id}`)).status).toBe(404);
    const forOthers = await operative.orgApi.post('/qualifications', {
      name: 'For a colleague',
      user_id: colleague.userId,
    });
    expect(forOthers.status).toBe(403);
    expect(forOthers.body.code).toBe('own_records_only');
    const reassign = await operative.orgApi.put(`/qualifications/${mine.body.data.id}`, {
      user_id: colleague.userId,
    });
    expect(reassign.status).toBe(403);
    const list = await operative.orgApi.get(`/qualifications?filter[user_id]=${colleague.userId}`);
    expect(list.body.data).toEqual([]);
    const own = await operative.orgApi.get('/qualifications');
    expect(own.body.data.every((q: { user_id: string }) => q.user_id === operative.userId)).toBe(
      true,
    );

    const byManager = await manager.orgApi.put(`/qualifications/${id}`, {
      name: 'Renamed',
      user_id: operative.userId,
    });
    expect(byManager.body.data).toMatchObject({ name: 'Renamed', user_id: operative.userId });
    const forColleague = await manager.orgApi.post('/qualifications', {
      name: 'Given',
      user_id: colleague.userId,
    });
    expect(forColleague.status).toBe(201);
    expect((await manager.orgApi.delete(`/qualifications/${id}`)).status).toBe(204);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'UPDATE', 'DELETE']);

    const guest = await addMember(test, org, 'GUEST');
    expect((await guest.orgApi.get('/qualifications')).status).toBe(403);
  });

  it('updates only what is sent; "" or null clears optional fields', async () => {
    const created = await manager.orgApi.post('/qualifications', {
      name: 'IPAF',
      reference: 'R1',
      expiry_date: day(10),
      user_id: colleague.userId,
    });
    expect(created.body.data.expiry_status).toBe('EXPIRING');
    const updated = await manager.orgApi.patch(`/qualifications/${created.body.data.id}`, {
      reference: '',
    });
    expect(updated.body.data).toMatchObject({
      name: 'IPAF',
      reference: null,
      expiry_date: day(10),
    });
    const cleared = await manager.orgApi.put(`/qualifications/${created.body.data.id}`, {
      expiry_date: null,
    });
    expect(cleared.body.data).toMatchObject({ expiry_date: null, expiry_status: 'NO_EXPIRY' });
  });

  it("does not reach another organisation's qualifications", async () => {
    const theirs = await other.api.post('/qualifications', { name: 'Foreign licence' });
    const id = theirs.body.data.id;
    expect((await org.api.get(`/qualifications/${id}`)).status).toBe(404);
    expect((await org.api.put(`/qualifications/${id}`, { name: 'x' })).status).toBe(404);
    expect((await org.api.delete(`/qualifications/${id}`)).status).toBe(404);
    expect((await org.api.delete(`/qualifications/${id}/attachments/${newId()}`)).status).toBe(404);
    expect((await org.api.get(`/qualifications/${newId()}`)).status).toBe(404);
    expect((await other.api.get(`/qualifications/${id}`)).body.data.name).toBe('Foreign licence');
  });
});

describe('qualifications: the list grammar', () => {
  let fixture: OrganisationFixture;
  let holder: OrgMember;
  beforeAll(async () => {
    fixture = await createOrganisation(test.app, 'Expiry Org');
    holder = await addMember(test, fixture, 'OPERATIVE');
    for (const [name, expiry, user] of [
      ['Expired', day(-5), holder.userId],
      ['Expiring', day(12), holder.userId],
      ['Valid', day(90), fixture.owner.userId],
      ['Open-ended', null, fixture.owner.userId],
    ] as const) {
      await fixture.api.post('/qualifications', { name, expiry_date: expiry, user_id: user });
    }
  });
  const names = (body: { data: Array<{ name: string }> }) => body.data.map((q) => q.name);

  it('filters by expiry status, expiry date and holder', async () => {
    const expiring = await fixture.api.get(
      '/qualifications?filter[expiry_status]=EXPIRING,EXPIRED',
    );
    expect(names(expiring.body).sort()).toEqual(['Expired', 'Expiring']);
    const before = await fixture.api.get(`/qualifications?filter[expires_before]=${day(30)}`);
    expect(names(before.body).sort()).toEqual(['Expired', 'Expiring']);
    const holders = await fixture.api.get(
      `/qualifications?filter[user_id]=${fixture.owner.userId}`,
    );
    expect(names(holders.body).sort()).toEqual(['Open-ended', 'Valid']);
    const none = await fixture.api.get('/qualifications?filter[expiry_status]=NO_EXPIRY');
    expect(names(none.body)).toEqual(['Open-ended']);
  });

  it('sorts by expiry date (open-ended last) and pages', async () => {
    const sorted = await fixture.api.get('/qualifications?sort=expiry_date');
    expect(names(sorted.body)).toEqual(['Expired', 'Expiring', 'Valid', 'Open-ended']);
    const page = await fixture.api.get(
      '/qualifications?sort=-expiry_date&page[size]=1&page[number]=2',
    );
    expect(page.body.meta).toMatchObject({ total: 4, current_page: 2, per_page: 1, last_page: 4 });
    const ids = await fixture.api.get('/qualifications?withIds=true&page[size]=1');
    expect(ids.body.ids).toHaveLength(4);
    const all = await fixture.api.get('/qualifications?page=all&sort=name');
    expect(names(all.body)).toEqual(['Expired', 'Expiring', 'Open-ended', 'Valid']);
    expect(all.body.meta.total).toBe(4);
    const holderOnly = await holder.orgApi.get('/qualifications?page=all');
    expect(names(holderOnly.body).sort()).toEqual(['Expired', 'Expiring']);
  });

  it('refuses unknown filters, sorts and bad values', async () => {
    for (const query of [
      'filter[expiry_status]=SOON',
      'filter[expires_before]=tomorrow',
      'filter[colour]=red',
      'sort=colour',
      'expand[]=user',
    ]) {
      expect((await fixture.api.get(`/qualifications?${query}`)).status, query).toBe(400);
    }
  });
});

describe('qualifications: files', () => {
  const url = (path: string) => `${base()}${path}`;

  it('creates from multipart fields and files; attachments carry signed links', async () => {
    const body = multipartBody(
      { name: 'SMSTS', reference: 'SM-9', expiry_date: day(400), user_id: colleague.userId },
      [
        { name: 'certificate.pdf', type: 'application/pdf', content: '%PDF-1.4 certificate' },
        { name: 'card.jpg', type: 'image/jpeg', content: Buffer.alloc(2048, 7) },
      ],
    );
    const created = await sendMultipart(test, manager.token, 'POST', url('/qualifications'), body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'SMSTS',
      reference: 'SM-9',
      user_id: colleague.userId,
      expiry_status: 'VALID',
    });
    const [pdf, jpg] = created.body.data.attachments;
    expect(pdf).toMatchObject({
      name: 'certificate.pdf',
      size: 20,
      content_type: 'application/pdf',
    });
    expect(jpg).toMatchObject({ name: 'card.jpg', size: 2048, content_type: 'image/jpeg' });
    expect(pdf.key).toBeUndefined();
    const file = await download(pdf.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 certificate');
    expect(file.headers['content-disposition']).toContain('certificate.pdf');
  });

  it('adds files on update and through /attachments, and removes one', async () => {
    const created = await sendMultipart(
      test,
      operative.token,
      'POST',
      url('/qualifications'),
      multipartBody({ name: 'Asbestos awareness', expiry_date: '' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ expiry_date: null, attachments: [] });
    const id = created.body.data.id;
    const updated = await sendMultipart(
      test,
      operative.token,
      'PUT',
      url(`/qualifications/${id}`),
      multipartBody({ reference: 'AA-1' }, [{ name: 'one.txt', content: 'one' }]),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.reference).toBe('AA-1');
    expect(updated.body.data.attachments).toHaveLength(1);
    const attached = await sendMultipart(
      test,
      operative.token,
      'POST',
      url(`/qualifications/${id}/attachments`),
      multipartBody({}, [
        { name: 'two.txt', content: 'two' },
        { field: 'files[]', name: 'three.txt', content: 'three' },
      ]),
    );
    expect(attached.status).toBe(200);
    expect(attached.body.data.attachments.map((a: { name: string }) => a.name)).toEqual([
      'one.txt',
      'two.txt',
      'three.txt',
    ]);
    const two = attached.body.data.attachments[1];
    const before = await storedUploads();
    const removed = await operative.orgApi.delete(`/qualifications/${id}/attachments/${two.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.attachments.map((a: { name: string }) => a.name)).toEqual([
      'one.txt',
      'three.txt',
    ]);
    await expect.poll(async () => (await storedUploads()).length).toBe(before.length - 1);
    expect((await download(two.url)).statusCode).toBe(404);
    expect(
      (await operative.orgApi.delete(`/qualifications/${id}/attachments/${two.id}`)).status,
    ).toBe(404);
    expect(await auditActions(test, id)).toEqual([
      'CREATE',
      'UPDATE',
      'ADD_ATTACHMENTS',
      'REMOVE_ATTACHMENT',
    ]);

    // deleting the qualification takes its files with it
    const remaining = removed.body.data.attachments;
    expect((await operative.orgApi.delete(`/qualifications/${id}`)).status).toBe(204);
    await expect.poll(async () => (await download(remaining[0].url)).statusCode).toBe(404);
  });

  it('refuses attachments from a JSON body and an empty upload', async () => {
    const created = await operative.orgApi.post('/qualifications', { name: 'No files' });
    const id = created.body.data.id;
    const json = await operative.orgApi.post(`/qualifications/${id}/attachments`, { files: [] });
    expect(json.status).toBe(422);
    const empty = await sendMultipart(
      test,
      operative.token,
      'POST',
      url(`/qualifications/${id}/attachments`),
      multipartBody({}),
    );
    expect(empty.status).toBe(422);
    expect(fields(empty.body)).toEqual(['files']);
  });

  it('answers 422 for a file where text belongs, or text where files belong, and keeps no file', async () => {
    const before = await storedUploads();
    const fileAsName = await sendMultipart(
      test,
      operative.token,
      'POST',
      url('/qualifications'),
      multipartBody({}, [{ field: 'name', name: 'name.txt', content: 'not a name' }]),
    );
    expect(fileAsName.status).toBe(422);
    expect(fields(fileAsName.body)).toEqual(['name']);
    const textAsFile = await sendMultipart(
      test,
      operative.token,
      'POST',
      url('/qualifications'),
      multipartBody({ name: 'Text files', files: 'just text' }),
    );
    expect(textAsFile.status).toBe(422);
    expect(fields(textAsFile.body)).toEqual(['files']);
    const badDate = await sendMultipart(
      test,
      operative.token,
      'POST',
      url('/qualifications'),
      multipartBody({ name: 'Dated', expiry_date: 'soon' }, [{ name: 'a.txt', content: 'a' }]),
    );
    expect(fields(badDate.body)).toEqual(['expiry_date']);
    // removed once the answer has gone (onResponse)
    await expect.poll(() => keysAddedSince(test, 'uploads/', before)).toEqual([]);
  });

  it('answers 413 for a file over the limit or too many files, keeping nothing', async () => {
    const before = await storedUploads();
    const big = await sendMultipart(
      test,
      operative.token,
      'POST',
      url('/qualifications'),
      multipartBody({ name: 'Huge' }, [
        { name: 'small.txt', content: 'small' },
        { name: 'huge.bin', content: Buffer.alloc(MAX_UPLOAD_FILE_BYTES + 1) },
      ]),
    );
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('file_too_large');
    const many = await sendMultipart(
      test,
      operative.token,
      'POST',
      url('/qualifications'),
      multipartBody(
        { name: 'Many' },
        Array.from({ length: 11 }, (_, index) => ({ name: `${index}.txt`, content: 'x' })),
      ),
    );
    expect(many.status).toBe(413);
    expect(many.body.code).toBe('too_many_files');
    // removed once the answer has gone (onResponse)
    await expect.poll(() => keysAddedSince(test, 'uploads/', before)).toEqual([]);
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM qualifications WHERE name IN ('Huge', 'Many')`,
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses multipart where a route takes JSON, and uploads without a token', async () => {
    const wrongRoute = await sendMultipart(
      test,
      manager.token,
      'POST',
      url('/teams'),
      multipartBody({ name: 'Multipart team' }),
    );
    expect(wrongRoute.status).toBe(415);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: url('/qualifications'),
      ...(({ payload, headers }) => ({ payload, headers }))(
        multipartBody({ name: 'Anonymous' }, [{ name: 'a.txt', content: 'a' }]),
      ),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores nothing for a caller without access: access is settled before the upload', async () => {
    const stranger = await signUp(test.app, 'Stranger');
    const storage = test.platform.storage;
    const write = storage.write.bind(storage);
    const written: string[] = [];
    storage.write = (key, ...rest) => {
      written.push(key);
      return write(key, ...rest);
    };
    try {
      const response = await sendMultipart(
        test,
        stranger.token,
        'POST',
        url('/qualifications'),
        multipartBody({ name: 'Not mine' }, [{ name: 'a.txt', content: 'a' }]),
      );
      expect(response.status).toBe(403);
      expect(written).toEqual([]);
    } finally {
      storage.write = write;
    }
  });

  it('keeps operatives from uploading to others’ qualifications', async () => {
    const theirs = await colleague.orgApi.post('/qualifications', { name: 'Colleague’s' });
    const before = await storedUploads();
    const response = await sendMultipart(
      test,
      operative.token,
      'POST',
      url(`/qualifications/${theirs.body.data.id}/attachments`),
      multipartBody({}, [{ name: 'sneaky.txt', content: 'sneaky' }]),
    );
    expect(response.status).toBe(404);
    // removed once the answer has gone (onResponse)
    await expect.poll(() => keysAddedSince(test, 'uploads/', before)).toEqual([]);
  });
});

it('documents the multipart form in OpenAPI', async () => {
  const document = (await test.app.inject({ method: 'GET', url: '/openapi.json' })).json<any>();
  const create = document.paths['/organisations/{organisationId}/qualifications'].post;
  const form = create.requestBody.content['multipart/form-data'].schema;
  expect(form.properties.files).toEqual({
    type: 'array',
    items: { type: 'string', format: 'binary' },
  });
  expect(form.properties.name).toBeDefined();
  expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '413', '422']));
});
