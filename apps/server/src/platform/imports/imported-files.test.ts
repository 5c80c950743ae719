import { describe, expect, it } from 'vitest';
import { addMember, getFile, organisationApp, type Reply } from '../../../test/harness';
import { multipartBody, sendMultipart } from '../../modules/people/people-testing';

/**
 * Imported files (issue 23): every import that commits keeps its file and writes a record,
 * listed at GET /imported_files with a link to the very file; deleting the record removes it and
 * its file, never the imported rows.
 */
const { test, org, other } = organisationApp('Imported Files Org', {
  other: 'Other Imported Files Org',
});

const SITES = ['Name,City', 'Mill Lane Depot,Leeds', 'Harbour Yard,Hull'].join('\n');

const upload = (fixture: typeof org, path: string, csv: string, name = 'depots.csv') =>
  sendMultipart(
    test,
    fixture.owner.token,
    'POST',
    `/organisations/${fixture.id}/import_file/${path}`,
    multipartBody({}, [{ field: 'file', name, type: 'text/csv', content: csv }]),
  );

async function postCsv(path: string, csv: string): Promise<Reply> {
  const response = await test.app.inject({
    method: 'POST',
    url: `/organisations/${org.id}/import_file/${path}`,
    payload: csv,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.owner.token}` },
  });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

const ids = (reply: Reply) => (reply.body.data as Array<{ id: string }>).map((row) => row.id);

describe('imported files', () => {
  it('records who imported what and when, with a link to the very file', async () => {
    const imported = await upload(org, 'sites_csv/import', SITES);
    expect(imported.status).toBe(201);
    const list = await org.api.get('/imported_files?filter[type]=SITES_CSV');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const record = list.body.data[0];
    expect(record).toMatchObject({
      collection_name: 'sites',
      document_id: null,
      type: 'SITES_CSV',
      name: 'depots.csv',
      created_count: 2,
      created_by_user_id: org.owner.userId,
      created_by_user: { id: org.owner.userId, name: expect.any(String) },
      file: { name: 'depots.csv', size: Buffer.byteLength(SITES), content_type: 'text/csv' },
    });
    const file = await getFile(test.app, record.file.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(SITES);

    const one = await org.api.get(`/imported_files/${record.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: record.id, type: 'SITES_CSV' });
  });

  it('filters by type and collection; a CSV body is named upload.csv', async () => {
    await org.api.post('/projects', { name: 'Tower', reference: 'TW-1' });
    const jobs = await postCsv('jobs_csv/import', 'Reference,Project\nIF-1,TW-1\nIF-2,TW-1');
    expect(jobs.status).toBe(201);
    const byCollection = await org.api.get('/imported_files?filter[collection_name]=jobs');
    expect(byCollection.body.data).toEqual([
      expect.objectContaining({ type: 'JOBS_CSV', name: 'upload.csv', created_count: 2 }),
    ]);
    const sites = await org.api.get(
      '/imported_files?filter[collection_name]=sites&sort=-created_at',
    );
    expect(sites.body.data.every((row: { type: string }) => row.type === 'SITES_CSV')).toBe(true);
    expect((await org.api.get('/imported_files?filter[nope]=1')).status).toBe(400);
  });

  it('keeps no record for an import refused or only summarised', async () => {
    const before = (await org.api.get('/imported_files')).body.meta.total as number;
    const refused = await upload(org, 'jobs_csv/import', 'Reference,Project\nX-1,Nowhere');
    expect(refused.status).toBe(422);
    const summary = await upload(org, 'sites_csv/summary', SITES);
    expect(summary.status).toBe(200);
    expect((await org.api.get('/imported_files')).body.meta.total).toBe(before);
  });

  it('deletes the record and its file, never the imported rows', async () => {
    const imported = await upload(org, 'sites_csv/import', 'Name\nKeep Me Depot', 'keep.csv');
    const [siteId] = imported.body.ids as string[];
    const list = await org.api.get('/imported_files?filter[name]=keep.csv');
    const record = list.body.data[0];
    expect((await org.api.delete(`/imported_files/${record.id}`)).status).toBe(204);
    expect((await org.api.get(`/imported_files/${record.id}`)).status).toBe(404);
    expect((await org.api.get(`/sites/${siteId}`)).status).toBe(200);
    // the file goes once the delete has committed (on the queue)
    const deadline = Date.now() + 20_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await getFile(test.app, record.file.url)).statusCode;
      if (status === 404) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(404);
  }, 30_000);

  it('is for managers and admins of the organisation only', async () => {
    await upload(other, 'sites_csv/import', 'Name\nTheir Depot', 'theirs.csv');
    const theirs = await other.api.get('/imported_files');
    const theirId = ids(theirs)[0]!;
    expect((await org.api.get(`/imported_files/${theirId}`)).status).toBe(404);
    expect((await org.api.delete(`/imported_files/${theirId}`)).status).toBe(404);
    expect(ids(await org.api.get('/imported_files?page=all'))).not.toContain(theirId);
    expect((await other.api.get(`/imported_files/${theirId}`)).status).toBe(200);

    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await operative.orgApi.get('/imported_files')).status).toBe(403);
    const manager = await addMember(test, org, 'MANAGER');
    const seen = await manager.orgApi.get('/imported_files');
    expect(seen.status).toBe(200);
    expect(seen.body.data[0].permissions).toMatchObject({ delete: true });
  });
});
