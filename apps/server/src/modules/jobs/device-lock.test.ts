import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  startTestApp,
  type OrganisationFixture,
  type TestApp,
} from '../../../test/harness';

let test: TestApp;
let org: OrganisationFixture;
let operativeToken: string;
let operativeId: string;
let projectId: string;

/** A call as the operative from one device (X-Device-Id), or as the owner without one. */
async function call(path: string, options: { device?: string; owner?: boolean; body?: unknown }) {
  const token = options.owner ? org.owner.token : operativeToken;
  const reply = await test.app.inject({
    method: 'POST',
    url: `/organisations/${org.id}${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(options.device ? { 'x-device-id': options.device } : {}),
    },
    payload: JSON.stringify(options.body ?? {}),
  });
  return { status: reply.statusCode, body: reply.json() };
}

beforeAll(async () => {
  test = await startTestApp();
  org = await createOrganisation(test.app, 'Lock Org');
  const operative = await addMember(test, org, 'OPERATIVE');
  operativeToken = operative.token;
  operativeId = operative.userId;
  projectId = (await org.api.post('/projects', { name: 'Lock Tower' })).body.data.id;
  await org.api.post(`/projects/${projectId}/members`, { user_ids: [operativeId] });
});
afterAll(() => test.close());

describe('the device lock', () => {
  it('locks a job to a device; others cannot change it until it is released', async () => {
    const job = (await org.api.post('/jobs', { project_id: projectId, operative_id: operativeId }))
      .body.data;
    expect((await call(`/jobs/${job.id}/lock`, {})).status).toBe(422); // no device id
    const locked = await call(`/jobs/${job.id}/lock`, { device: 'phone-1' });
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({
      locked_by_device_id: 'phone-1',
      locked_by_user_name: 'OPERATIVE member',
    });
    expect(locked.body.data.locked_at).not.toBeNull();
    // another device of the same user, and a manager on the web, are refused
    const otherDevice = await call(`/jobs/${job.id}/start`, { device: 'tablet-2' });
    expect(otherDevice.status).toBe(422);
    expect(otherDevice.body.errors[0].message).toContain('locked by OPERATIVE member');
    expect(
      (await call(`/jobs/${job.id}/reschedule`, { owner: true, body: { date: '2027-02-01' } }))
        .status,
    ).toBe(422);
    const edit = await org.api.put(`/jobs/${job.id}`, { reference: 'x' });
    expect(edit.status).toBe(422);
    expect(edit.body.errors[0].field).toBe('locked_by_device_id');
    expect((await call(`/jobs/${job.id}/unlock`, { device: 'tablet-2' })).status).toBe(422);
    // the locking device works on it
    expect((await call(`/jobs/${job.id}/start`, { device: 'phone-1' })).status).toBe(200);
    // a manager overrides by releasing it
    const released = await call(`/jobs/${job.id}/unlock`, { owner: true });
    expect(released.status).toBe(200);
    expect(released.body.data.locked_by_device_id).toBeNull();
    expect((await org.api.put(`/jobs/${job.id}`, { reference: 'free' })).status).toBe(200);
    const { rows } = await test.platform.db.query<{ action: string }>(
      `SELECT action FROM audit_entries WHERE collection_name = 'jobs' AND document_id = $1 ORDER BY performed_at`,
      [job.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'LOCK', 'START', 'UNLOCK', 'UPDATE']);
  });

  it('releases the lock when the job completes', async () => {
    const job = (await org.api.post('/jobs', { project_id: projectId, operative_id: operativeId }))
      .body.data;
    await call(`/jobs/${job.id}/lock`, { device: 'phone-1' });
    await call(`/jobs/${job.id}/start`, { device: 'phone-1' });
    const done = await call(`/jobs/${job.id}/complete`, { device: 'phone-1' });
    expect(done.body.data).toMatchObject({ status: 'COMPLETED', locked_by_device_id: null });
  });
});
