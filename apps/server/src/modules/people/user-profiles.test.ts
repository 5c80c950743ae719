import { describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';
import { addProject, multipartBody, sendMultipart } from './people-testing';

const { test, org, other, members } = organisationApp('Profiles Org', {
  other: 'Profiles Other Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', colleague: 'OPERATIVE', guest: 'GUEST' },
});

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('user profiles', () => {
  it('lists and reads profiles with the qualifications summary', async () => {
    await members.manager.orgApi.post('/qualifications', {
      name: 'CSCS',
      user_id: members.operative.userId,
      expiry_date: '2000-01-01',
    });
    const list = await org.api.get('/user_profiles?sort=name');
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(5);
    const profile = await members.colleague.orgApi.get(
      `/user_profiles/${members.operative.userId}`,
    );
    expect(profile.body.data).toMatchObject({
      id: members.operative.userId,
      name: 'OPERATIVE member',
      role: 'OPERATIVE',
      job_title: null,
      telephone: null,
      avatar: [],
      qualifications: { count: 1, expiring: 0, expired: 1 },
      permissions: { update: false },
    });
    expect((await other.api.get(`/user_profiles/${members.operative.userId}`)).status).toBe(404);
  });

  it('lets a person edit their own, managers anyone’s, and nobody else', async () => {
    const own = await members.operative.orgApi.put(`/user_profiles/${members.operative.userId}`, {
      job_title: ' Fire stopper ',
      telephone: '0113 496 0000',
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      job_title: 'Fire stopper',
      permissions: { update: true },
    });
    const byColleague = await members.colleague.orgApi.put(
      `/user_profiles/${members.operative.userId}`,
      { job_title: 'x' },
    );
    expect(byColleague.status).toBe(403);
    const byManager = await members.manager.orgApi.put(
      `/user_profiles/${members.operative.userId}`,
      { job_title: 'Lead fire stopper' },
    );
    expect(byManager.body.data.job_title).toBe('Lead fire stopper');
    const bad = await members.operative.orgApi.put(`/user_profiles/${members.operative.userId}`, {
      job_title: 'x'.repeat(201),
      nickname: 'Renamed',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'job_title',
      'nickname',
    ]);
    expect(
      (await other.api.put(`/user_profiles/${members.operative.userId}`, { job_title: 'x' }))
        .status,
    ).toBe(404);
  });

  it('keeps an avatar image through the files platform', async () => {
    const url = `/organisations/${org.id}/user_profiles/${members.colleague.userId}`;
    const body = multipartBody({ telephone: '07700 900000' }, [
      { field: 'avatar', name: 'me.png', type: 'image/png', content: PNG },
    ]);
    const saved = await sendMultipart(test, members.colleague.token, 'PUT', url, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const avatar = (saved.body as { data: { avatar: Array<{ name: string; url: string }> } }).data
      .avatar;
    expect(avatar).toEqual([expect.objectContaining({ name: 'me.png' })]);
    expect(avatar[0]!.url).toContain('/files/');
    expect(avatar[0]).toMatchObject({ content_type: 'image/png' });
  });

  it('refuses an avatar that is not an image, whatever its name says', async () => {
    const url = `/organisations/${org.id}/user_profiles/${members.colleague.userId}`;
    const renamed = multipartBody({ telephone: '07700 900001' }, [
      { field: 'avatar', name: 'me.png', type: 'image/png', content: '%PDF-1.4 not an image' },
    ]);
    const refused = await sendMultipart(test, members.colleague.token, 'PUT', url, renamed);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'avatar', code: 'unsupported_type' })],
    });
    const pdf = multipartBody({}, [
      { field: 'avatar', name: 'cv.pdf', type: 'application/pdf', content: '%PDF-1.4\n%%EOF' },
    ]);
    const added = await sendMultipart(test, members.colleague.token, 'POST', `${url}/avatar`, pdf);
    expect(added.status).toBe(422);
    // nothing half-written: the telephone stayed
    const profile = await members.colleague.orgApi.get(
      `/user_profiles/${members.colleague.userId}`,
    );
    expect(profile.body.data.telephone).not.toBe('07700 900001');
  });

  it('shows a guest only the people on their projects', async () => {
    const project = await addProject(test, org, 'Guest tower');
    await org.api.post(`/projects/${project}/members`, {
      user_ids: [members.guest.userId, members.operative.userId],
    });
    const seen = await members.guest.orgApi.get('/user_profiles?page=all');
    expect(seen.body.data.map((p: { id: string }) => p.id).sort()).toEqual(
      [members.guest.userId, members.operative.userId].sort(),
    );
    expect(
      (await members.guest.orgApi.get(`/user_profiles/${members.colleague.userId}`)).status,
    ).toBe(404);
    const ownEdit = await members.guest.orgApi.put(`/user_profiles/${members.guest.userId}`, {
      telephone: '020 7946 0000',
    });
    expect(ownEdit.status).toBe(200);
  });
});
