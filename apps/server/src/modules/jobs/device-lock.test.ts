import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, organisationApp } from '../../../test/harness';
import { client } from '../../../test/harness';

const { test, org } = organisationApp('Lock Org');
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
  const operative = await addMember(test, org, 'OPERATIVE');
  operativeToken = operative.token;
  operativeId = operative.userId;
  projectId = (await org.api.post('/projects', { name: 'Lock Tower' })).body.data.id;
  await org.api.post(`/projects/${projectId}/members`, { user_ids: [operativeId] });
});

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
    const otherDevice = await call(`/jobs/${job.id}/start_on_web`, { device: 'tablet-2' });
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
    expect((await call(`/jobs/${job.id}/start_on_web`, { device: 'phone-1' })).status).toBe(200);
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
    await call(`/jobs/${job.id}/start_on_web`, { device: 'phone-1' });
    const done = await call(`/jobs/${job.id}/complete`, { device: 'phone-1' });
    expect(done.body.data).toMatchObject({ status: 'COMPLETED', locked_by_device_id: null });
  });

  it('names who acted in the activity log: a user, a device (with its id) or an API key', async () => {
    const job = (await org.api.post('/jobs', { project_id: projectId, operative_id: operativeId }))
      .body.data;
    await call(`/jobs/${job.id}/lock`, { device: 'tablet-7' });
    await call(`/jobs/${job.id}/unlock`, { device: 'tablet-7' });
    const key = (
      await org.owner.api.post('/api_keys', { organisation_id: org.id, name: 'Planner sync' })
    ).body.data;
    const asKey = client(test.app, key.secret, `/organisations/${org.id}`);
    expect((await asKey.post(`/jobs/${job.id}/reschedule`, { date: '2027-02-01' })).status).toBe(
      200,
    );
    const logs = (await org.api.get(`/jobs/${job.id}/activity_logs?sort=performed_at`)).body.data;
    const who = (log: Record<string, unknown>) => [
      log.action,
      log.performed_by_type,
      log.performed_by_user_id,
      log.performed_by_device_id,
      log.performed_by_api_key_id,
    ];
    expect(logs.map(who)).toEqual([
      ['CREATE', 'USER', org.owner.userId, null, null],
      ['LOCK', 'DEVICE', operativeId, 'tablet-7', null],
      ['UNLOCK', 'DEVICE', operativeId, 'tablet-7', null],
      ['RESCHEDULE', 'API_KEY', org.owner.userId, null, key.id],
    ]);
    const byDevice = await org.api.get(
      `/job_activity_logs?filter[performed_by_device_id]=tablet-7&filter[job_id]=${job.id}`,
    );
    expect(byDevice.body.meta.total).toBe(2);
  });
});
