import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';

const {
  test,
  org,
  members: { manager, operative, other, guest },
} = organisationApp('Jobs Org', {
  members: { manager: 'MANAGER', operative: 'OPERATIVE', other: 'OPERATIVE', guest: 'GUEST' },
});
let projectId: string;
let lockedOutProjectId: string;
let attribute: { id: string };
let choice: { id: string; options: Array<{ id: string; name: string }> };

beforeAll(async () => {
  projectId = (await org.api.post('/projects', { name: 'Tower' })).body.data.id;
  lockedOutProjectId = (await org.api.post('/projects', { name: 'Annex' })).body.data.id;
  await org.api.post(`/projects/${projectId}/members`, {
    user_ids: [operative.userId, other.userId, guest.userId],
  });
  await org.api.post(`/projects/${lockedOutProjectId}/members`, {
    user_ids: [operative.userId],
    can_start_jobs: false,
  });
  attribute = (
    await org.api.post(`/projects/${projectId}/job_attributes`, { name: 'PO', type: 'TEXT' })
  ).body.data;
  choice = (
    await org.api.post(`/projects/${projectId}/job_attributes`, {
      name: 'Shift',
      type: 'SELECT',
      options: [{ name: 'Day' }, { name: 'Night' }],
    })
  ).body.data;
});

const newJob = async (body: Record<string, unknown> = {}) => {
  const reply = await manager.orgApi.post('/jobs', { project_id: projectId, ...body });
  expect(reply.status).toBe(201);
  return reply.body.data as { id: string; number: number; status: string };
};

describe('jobs', () => {
  it('creates a job with every §3 field, numbered per organisation', async () => {
    const first = await newJob({
      reference: 'J-1',
      operative_id: operative.userId,
      date: '2026-12-01',
      instructions: 'Mind the dog',
      attribute_values: [
        { attribute_id: attribute.id, value_string: 'PO-9' },
        { attribute_id: choice.id, value_option: 'Night' },
      ],
    });
    const second = await newJob();
    expect(second.number).toBe(first.number + 1);
    const got = (await manager.orgApi.get(`/jobs/${first.id}?expand[]=project`)).body.data;
    expect(got).toMatchObject({
      reference: 'J-1',
      status: 'AWAITING',
      date: '2026-12-01',
      operative_id: operative.userId,
      form_ids: [],
      form_names: [],
      job_sheet_count: 0,
      job_sheet_ids: [],
      locked_by_device_id: null,
      project: { id: projectId, name: 'Tower' },
    });
    expect(got.attribute_values).toEqual([
      expect.objectContaining({ name: 'PO', value_string: 'PO-9', value_number: null }),
      expect.objectContaining({ name: 'Shift', value_option: 'Night' }),
    ]);
  });

  it('filter[search] finds a job by its reference or by its number ("42" or "#42")', async () => {
    const wanted = await newJob({ reference: 'Boiler-qzx', operative_id: operative.userId });
    const bystander = await newJob({ reference: 'Pump-qzx' });
    const idsFor = async (term: string, api = manager.orgApi) => {
      const reply = await api.get(`/jobs?filter[search]=${encodeURIComponent(term)}&page=all`);
      expect(reply.status).toBe(200);
      return (reply.body.data as Array<{ id: string }>).map((job) => job.id);
    };
    expect(await idsFor(`#${wanted.number}`)).toEqual([wanted.id]);
    expect(await idsFor(` ${wanted.number} `)).toContain(wanted.id);
    expect(await idsFor(String(wanted.number))).not.toContain(bystander.id);
    expect((await idsFor('boiler-QZX')).sort()).toEqual([wanted.id]);
    expect((await idsFor('qzx')).sort()).toEqual([wanted.id, bystander.id].sort());
    // Still only the jobs the caller sees: the operative finds theirs, not the other by number.
    expect(await idsFor(`#${bystander.number}`, operative.orgApi)).toEqual([]);
    expect(await idsFor(`#${wanted.number}`, operative.orgApi)).toEqual([wanted.id]);
  });

  it('refuses attribute values that do not fit the project’s job attributes', async () => {
    const reply = await manager.orgApi.post('/jobs', {
      project_id: projectId,
      attribute_values: [
        { attribute_id: attribute.id, value_number: 3 },
        { attribute_id: choice.id, value_option: 'Dusk' },
        { attribute_id: 'ffffffffffffffffffffffff', value_string: 'x' },
      ],
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'attribute_values.0.value_number',
      'attribute_values.1.value_option',
      'attribute_values.2.attribute_id',
    ]);
    const badForm = await manager.orgApi.post('/jobs', {
      project_id: projectId,
      form_ids: ['ffffffffffffffffffffffff'],
    });
    expect(badForm.status).toBe(422);
    expect(badForm.body.errors[0].field).toBe('form_ids.0');
  });

  it('numbers concurrent creates without gaps or duplicates', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => manager.orgApi.post('/jobs', { project_id: projectId })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(201));
    const numbers = replies.map((reply) => reply.body.data.number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[11]! - numbers[0]!).toBe(11);
  });
});

describe('who sees and does what', () => {
  let mine: string;
  let theirs: string;
  let annex: string;
  beforeAll(async () => {
    mine = (await newJob({ operative_id: operative.userId, reference: 'Mine' })).id;
    theirs = (await newJob({ operative_id: other.userId, reference: 'Theirs' })).id;
    annex = (
      await manager.orgApi.post('/jobs', {
        project_id: lockedOutProjectId,
        operative_id: operative.userId,
        reference: 'Annex',
      })
    ).body.data.id;
  });

  it('shows an operative only their jobs, on every verb', async () => {
    const list = (await operative.orgApi.get('/jobs?page=all')).body.data as Array<{
      id: string;
      operative_id: string;
    }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((job) => job.operative_id === operative.userId)).toBe(true);
    expect((await operative.orgApi.get(`/jobs/${theirs}`)).status).toBe(404);
    expect((await operative.orgApi.post(`/jobs/${theirs}/start_on_web`)).status).toBe(404);
    expect((await operative.orgApi.put(`/jobs/${mine}`, { reference: 'x' })).status).toBe(403);
    expect((await operative.orgApi.post('/jobs', { project_id: projectId })).status).toBe(403);
    expect((await operative.orgApi.delete(`/jobs/${mine}`)).status).toBe(403);
  });

  it('lets a guest read the jobs of their projects only, and change nothing', async () => {
    const list = (await guest.orgApi.get('/jobs?page=all')).body.data as Array<{
      project_id: string;
    }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((job) => job.project_id === projectId)).toBe(true);
    expect((await guest.orgApi.get(`/jobs/${annex}`)).status).toBe(404);
    expect((await guest.orgApi.post(`/jobs/${mine}/start_on_web`)).status).toBe(403);
    expect((await guest.orgApi.put(`/jobs/${mine}`, { reference: 'x' })).status).toBe(403);
  });

  it('lets an operative start only where they have can_start_jobs', async () => {
    const job = (await operative.orgApi.get(`/jobs/${annex}`)).body.data;
    expect(job.permissions.start_on_web).toBe(false);
    expect((await operative.orgApi.post(`/jobs/${annex}/start_on_web`)).status).toBe(403);
    const started = await operative.orgApi.put(`/jobs/${mine}/start_on_web`);
    expect(started.status).toBe(200);
    // the start on the web takes no device lock
    expect(started.body.data).toMatchObject({ status: 'IN_PROGRESS', locked_by_device_id: null });
    const done = await operative.orgApi.post(`/jobs/${mine}/complete`);
    expect(done.body.data.status).toBe('COMPLETED');
  });
});

describe('the lifecycle', () => {
  it('refuses a transition from the wrong status with 422 and the reason', async () => {
    const job = await newJob();
    expect((await manager.orgApi.post(`/jobs/${job.id}/complete`)).status).toBe(422);
    const cancelled = await manager.orgApi.post(`/jobs/${job.id}/cancel`);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expect(cancelled.body.data.cancelled_at).not.toBeNull();
    const again = await manager.orgApi.post(`/jobs/${job.id}/start_on_web`);
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({
      field: 'status',
      code: 'not_allowed_from_status',
      message: 'A job that is CANCELLED cannot be started.',
    });
  });

  it('reassigns, reschedules and recalls, one and many, each id with its reason', async () => {
    const a = await newJob({ operative_id: operative.userId });
    const b = await newJob({ operative_id: operative.userId });
    const startedMany = await manager.orgApi.put('/jobs/start_on_web_many', {
      ids: [b.id, 'f'.repeat(24)],
    });
    expect(startedMany.body).toEqual({
      started: [b.id],
      failed: [expect.objectContaining({ id: 'f'.repeat(24), code: 'not_found' })],
    });
    const moved = await manager.orgApi.post('/jobs/reschedule_many', {
      ids: [a.id, b.id],
      date: '2027-01-04',
    });
    expect(moved.body.rescheduled).toEqual([a.id]);
    expect(moved.body.failed).toEqual([
      expect.objectContaining({ id: b.id, code: 'not_allowed_from_status' }),
    ]);
    expect((await manager.orgApi.get(`/jobs/${a.id}`)).body.data.date).toBe('2027-01-04');
    const given = await manager.orgApi.post(`/jobs/${a.id}/reassign`, {
      operative_id: other.userId,
    });
    expect(given.body.data.operative_id).toBe(other.userId);
    const same = await manager.orgApi.post('/jobs/reassign_many', {
      ids: [a.id, b.id],
      operative_id: other.userId,
    });
    expect(same.body.reassigned).toEqual([b.id]);
    expect(same.body.failed).toEqual([expect.objectContaining({ id: a.id, code: 'invalid' })]);
    const recalled = await manager.orgApi.post(`/jobs/${b.id}/recall`);
    expect(recalled.body.data).toMatchObject({ status: 'AWAITING', started_at: null });
  });

  it('answers a reassign per job with why its new operative will not do', async () => {
    const waiting = await newJob({ operative_id: other.userId });
    const started = await manager.orgApi.post('/jobs', {
      project_id: lockedOutProjectId,
      operative_id: other.userId,
    });
    await manager.orgApi.post(`/jobs/${started.body.data.id}/start_on_web`);
    const toGuest = await manager.orgApi.post(`/jobs/${waiting.id}/reassign`, {
      operative_id: guest.userId,
    });
    expect(toGuest.status).toBe(422);
    expect(toGuest.body.errors[0]).toMatchObject({ field: 'operative_id', code: 'invalid' });
    expect(toGuest.body.errors[0].message).toContain('is a guest');
    const stranger = await manager.orgApi.post('/jobs/reassign_many', {
      ids: [waiting.id, started.body.data.id],
      operative_id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(stranger.body.reassigned).toEqual([]);
    expect(stranger.body.failed.map((f: { reason: string }) => f.reason)).toEqual([
      'The operative is not a member of this organisation.',
      'The operative is not a member of this organisation.',
    ]);
    // the operative may not start jobs on the started job's project: only the waiting job moves
    const mixed = await manager.orgApi.post('/jobs/reassign_many', {
      ids: [waiting.id, started.body.data.id],
      operative_id: operative.userId,
    });
    expect(mixed.body.reassigned).toEqual([waiting.id]);
    expect(mixed.body.failed).toEqual([
      expect.objectContaining({ id: started.body.data.id, code: 'invalid' }),
    ]);
    expect(mixed.body.failed[0].reason).toContain('may not start jobs on its project');
    const toManager = await manager.orgApi.post(`/jobs/${started.body.data.id}/reassign`, {
      operative_id: manager.userId,
    });
    expect(toManager.body.data.operative_id).toBe(manager.userId);
  });

  it('lets one of two concurrent starts win', async () => {
    const job = await newJob();
    const replies = await Promise.all([
      manager.orgApi.post(`/jobs/${job.id}/start_on_web`),
      manager.orgApi.post(`/jobs/${job.id}/start_on_web`),
    ]);
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 422]).toContain(statuses[1]);
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM audit_entries WHERE collection_name = 'jobs' AND action = 'START' AND document_id = $1`,
      [job.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('deletes a started job only with ?force=true', async () => {
    const job = await newJob();
    await manager.orgApi.post(`/jobs/${job.id}/start_on_web`);
    const refused = await manager.orgApi.delete(`/jobs/${job.id}`);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('force=true');
    expect((await manager.orgApi.delete(`/jobs/${job.id}?force=true`)).status).toBe(204);
    expect((await manager.orgApi.get(`/jobs/${job.id}`)).status).toBe(404);
    const waiting = await newJob();
    expect((await manager.orgApi.delete(`/jobs/${waiting.id}`)).status).toBe(204);
  });
});
