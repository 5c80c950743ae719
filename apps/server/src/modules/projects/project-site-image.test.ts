import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addMember, getFile, organisationApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { auditActions, multipartBody, sendMultipart } from '../people/people-testing';

const { test, org, other } = organisationApp('Project Site Org', { other: 'Other Site Org' });

async function newProject(body: Record<string, unknown>, fixture = org) {
  const response = await fixture.api.post('/projects', body);
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

async function newSite(body: Record<string, unknown>, fixture = org) {
  const response = await fixture.api.post('/sites', body);
  expect(response.status).toBe(201);
  return response.body.data as { id: string; full_address: string };
}

describe('project site', () => {
  it("puts a project on a site, filling an empty site address from the site's", async () => {
    const site = await newSite({
      name: 'Wharf',
      address_line_1: '4 Canal Street',
      city: 'Leeds',
      postcode: 'LS1 4AP',
      country: 'GB',
    });
    expect(site.full_address).toBe('4 Canal Street, Leeds, LS1 4AP, United Kingdom');
    const id = await newProject({ name: 'Canal Works' });
    expect((await org.api.get(`/projects/${id}/site`)).body).toEqual({ data: null });

    const put = await org.api.put(`/projects/${id}/site`, { site_id: site.id });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ site_id: site.id, site_address: site.full_address });
    const read = await org.api.get(`/projects/${id}/site`);
    expect(read.body.data).toMatchObject({ id: site.id, name: 'Wharf', city: 'Leeds' });

    const cleared = await org.api.put(`/projects/${id}/site`, { site_id: null });
    expect(cleared.body.data).toMatchObject({ site_id: null, site_address: site.full_address });
    expect((await org.api.get(`/projects/${id}/site`)).body.data).toBeNull();
    expect(await auditActions(test, id)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
  });

  it('keeps an address the project already has', async () => {
    const site = await newSite({ name: 'Depot', city: 'York' });
    const id = await newProject({ name: 'Depot Works', site_address: 'Gate 3, Depot Road' });
    const put = await org.api.put(`/projects/${id}/site`, { site_id: site.id });
    expect(put.body.data).toMatchObject({ site_id: site.id, site_address: 'Gate 3, Depot Road' });
  });

  it('answers 422 on site_id for unknown, deleted and foreign sites; 404 for no project', async () => {
    const id = await newProject({ name: 'Picky Place' });
    const deleted = await newSite({ name: 'Demolished' });
    await org.api.delete(`/sites/${deleted.id}`);
    const foreign = await newSite({ name: 'Foreign' }, other);
    for (const siteId of [newId(), deleted.id, foreign.id]) {
      const response = await org.api.put(`/projects/${id}/site`, { site_id: siteId });
      expect(response.status, siteId).toBe(422);
      expect(response.body.errors).toEqual([
        { field: 'site_id', message: 'Site not found.', code: 'not_found' },
      ]);
    }
    const missing = await org.api.put(`/projects/${id}/site`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('site_id');
    expect((await org.api.get(`/projects/${newId()}/site`)).status).toBe(404);
    const foreignProject = await newProject({ name: 'Theirs' }, other);
    expect((await org.api.get(`/projects/${foreignProject}/site`)).status).toBe(404);
    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await operative.orgApi.get(`/projects/${id}/site`)).status).toBe(200);
    const refused = await operative.orgApi.put(`/projects/${id}/site`, { site_id: null });
    expect(refused.status).toBe(403);
  });
});

/** A real image drawn by sharp. */
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();

const uploadCover = (projectId: string, content: Buffer | string, token = org.owner.token) =>
  sendMultipart(
    test,
    token,
    'POST',
    `/organisations/${org.id}/projects/${projectId}/files/report_cover_image`,
    multipartBody({}, [{ field: 'file', name: 'cover.bin', type: 'image/png', content }]),
  );

async function storedKey(projectId: string) {
  const { rows } = await test.platform.db.query<{ key: string | null }>(
    `SELECT report_cover_image->>'key' AS key FROM projects WHERE id = $1`,
    [projectId],
  );
  return rows[0]!.key;
}

/** Whether storage holds a file (removals run on the queue after the commit: poll for them). */
async function exists(key: string) {
  const stream = await test.platform.storage.read(key);
  stream?.destroy();
  return stream !== null;
}

describe('project report cover image', () => {
  it('stores a normalised image behind a signed link and replaces it', async () => {
    const id = await newProject({ name: 'Cover Story' });
    const response = await uploadCover(id, await image(3000, 1500, 'webp'));
    expect(response.status).toBe(200);
    const url = response.body.data.files.report_cover_image as string;
    expect(url).toMatch(/signature=/);
    const download = await getFile(test.app, url);
    expect(download.statusCode).toBe(200);
    // WebP becomes JPEG, shrunk to fit A4 at 300 dpi (2480 wide)
    expect(await sharp(download.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 2480,
      height: 1240,
    });
    const { rows } = await test.platform.db.query<{ image: Record<string, unknown> }>(
      `SELECT report_cover_image AS image FROM projects WHERE id = $1`,
      [id],
    );
    expect(rows[0]!.image).toMatchObject({
      name: 'report-cover-image.jpg',
      width: 2480,
      height: 1240,
      size: expect.any(Number),
    });
    const first = (await storedKey(id))!;

    const replaced = await uploadCover(id, await image(40, 30, 'png'));
    expect(replaced.status).toBe(200);
    const second = (await storedKey(id))!;
    expect(second).not.toBe(first);
    await expect.poll(() => exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);

    const removed = await org.api.delete(`/projects/${id}/files/report_cover_image`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.files.report_cover_image).toBeNull();
    await expect.poll(() => exists(second)).toBe(false);
    expect((await org.api.delete(`/projects/${id}/files/report_cover_image`)).status).toBe(200);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'UPLOAD', 'UPLOAD', 'REMOVE']);
  });

  it('refuses what is not a PNG, JPEG or WebP image, and keeps the old one', async () => {
    const id = await newProject({ name: 'Picky Cover' });
    await uploadCover(id, await image(20, 20, 'png'));
    const kept = (await storedKey(id))!;
    for (const content of [await image(20, 20, 'gif'), 'not an image', Buffer.alloc(0)]) {
      const response = await uploadCover(id, content);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].field).toBe('file');
    }
    const json = await org.api.post(`/projects/${id}/files/report_cover_image`, { file: 'x' });
    expect(json.status).toBe(422);
    expect(await storedKey(id)).toBe(kept);
    expect(await exists(kept)).toBe(true);
  });

  it('is for managers, on live projects of the organisation', async () => {
    const id = await newProject({ name: 'Guarded Cover' });
    const operative = await addMember(test, org, 'OPERATIVE');
    const refused = await uploadCover(id, await image(20, 20, 'png'), operative.token);
    expect(refused.status).toBe(403);
    await org.api.delete(`/projects/${id}`);
    expect((await uploadCover(id, await image(20, 20, 'png'))).status).toBe(404);
    expect((await org.api.delete(`/projects/${id}/files/report_cover_image`)).status).toBe(404);
    const foreign = await newProject({ name: 'Foreign Cover' }, other);
    expect((await uploadCover(foreign, await image(20, 20, 'png'))).status).toBe(404);
  });
});
