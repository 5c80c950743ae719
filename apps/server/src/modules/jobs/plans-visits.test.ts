import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';

const {
  org,
  other: otherOrg,
  members: { manager, operative, colleague, guest },
} = organisationApp('Plans Org', {
  other: 'Other Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', colleague: 'OPERATIVE', guest: 'GUEST' },
});
let projectId: string;
let formId: string;
let archivedFormId: string;
let foreignFormId: string;

beforeAll(async () => {
  projectId = (await org.api.post('/projects', { name: 'Tower' })).body.data.id;
  formId = (await org.api.post('/forms', { name: 'Snagging' })).body.data.id;
  archivedFormId = (await org.api.post('/forms', { name: 'Old' })).body.data.id;
  await org.api.put(`/forms/${archivedFormId}/archive`);
  foreignFormId = (await otherOrg.api.post('/forms', { name: 'Theirs' })).body.data.id;
});

type Plan = { id: string; operative_view_order: number; local_day: string };
const newPlan = async (body: Record<string, unknown> = {}) => {
  const reply = await manager.orgApi.post('/daily_job_plans', {
    operative_id: operative.userId,
    local_day: '2026-12-01',
    ...body,
  });
  expect(reply.status).toBe(201);
  return reply.body.data as Plan;
};
const dayOrder = async (operativeId: string, day: string) =>
  (
    await manager.orgApi.get(
      `/daily_job_plans?filter[operative_id]=${operativeId}&filter[local_day]=${day}&sort=operative_view_order&page=all`,
    )
  ).body.data.map((plan: Plan) => plan.id);

describe('daily job plans', () => {
  it('creates a plan with every §3 field, last in its operative day', async () => {
    const first = await newPlan({ local_day: '2026-11-30' });
    const reply = await manager.orgApi.post('/daily_job_plans', {
      operative_id: operative.userId,
      local_day: '2026-11-30',
      reference: ' Round 2 ',
      form_ids: [formId],
      instructions: 'Keys at reception',
    });
    expect(reply.status).toBe(201);
    const got = (
      await manager.orgApi.get(`/daily_job_plans/${reply.body.data.id}?expand[]=operative`)
    ).body.data;
    expect(got).toMatchObject({
      operative_id: operative.userId,
      local_day: '2026-11-30',
      reference: 'Round 2',
      form_ids: [formId],
      instructions: 'Keys at reception',
      operative_view_order: first.operative_view_order + 1,
      operative: { id: operative.userId },
    });
  });

  it('refuses a bad operative, foreign or archived forms and a bad day, naming each field', async () => {
    const reply = await manager.orgApi.post('/daily_job_plans', {
      operative_id: guest.userId,
      local_day: '2026-12-01',
      form_ids: [formId, foreignFormId, archivedFormId],
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'form_ids.1',
      'form_ids.2',
      'operative_id',
    ]);
    const badDay = await manager.orgApi.post('/daily_job_plans', {
      operative_id: operative.userId,
      local_day: '2026-13-45',
    });
    expect(badDay.status).toBe(422);
    expect(badDay.body.errors[0].field).toBe('local_day');
    const missing = await manager.orgApi.post('/daily_job_plans', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'local_day',
      'operative_id',
    ]);
  });

  it('reorders within one operative day, leaving other days alone', async () => {
    const day = '2026-12-05';
    const [a, b, c] = [
      await newPlan({ local_day: day }),
      await newPlan({ local_day: day }),
      await newPlan({ local_day: day }),
    ];
    const elsewhere = await newPlan({ local_day: day, operative_id: colleague.userId });
    expect(await dayOrder(operative.userId, day)).toEqual([a.id, b.id, c.id]);
    const reply = await manager.orgApi.post('/daily_job_plans/reorder', { ids: [c.id, a.id] });
    expect(reply.status).toBe(200);
    expect(reply.body.reordered).toEqual([c.id, a.id]);
    expect(await dayOrder(operative.userId, day)).toEqual([c.id, a.id, b.id]);
    const orders = (
      await manager.orgApi.get(
        `/daily_job_plans?filter[operative_id]=${operative.userId}&filter[local_day]=${day}&sort=operative_view_order`,
      )
    ).body.data.map((plan: Plan) => plan.operative_view_order);
    expect(orders).toEqual([0, 1, 2]);
    expect(
      (await manager.orgApi.get(`/daily_job_plans/${elsewhere.id}`)).body.data.operative_view_order,
    ).toBe(0);
  });

  it('moves a plan to the end of its new day when its day or operative changes', async () => {
    const target = await newPlan({ local_day: '2026-12-06' });
    const moved = await newPlan({ local_day: '2026-12-07' });
    const reply = await manager.orgApi.put(`/daily_job_plans/${moved.id}`, {
      local_day: '2026-12-06',
    });
    expect(reply.status).toBe(200);
    expect(await dayOrder(operative.userId, '2026-12-06')).toEqual([target.id, moved.id]);
    const got = (await manager.orgApi.get(`/daily_job_plans/${moved.id}`)).body.data;
    expect(got.operative_view_order).toBe(1);
    const same = await manager.orgApi.put(`/daily_job_plans/${moved.id}`, {
      reference: 'Same day',
    });
    expect(same.status).toBe(200);
    expect(
      (await manager.orgApi.get(`/daily_job_plans/${moved.id}`)).body.data.operative_view_order,
    ).toBe(1);
  });

  it('filters by operative and a local_day range; refuses a bad range', async () => {
    await newPlan({ local_day: '2027-01-10' });
    await newPlan({ local_day: '2027-01-12' });
    await newPlan({ local_day: '2027-01-14', operative_id: colleague.userId });
    const reply = await manager.orgApi.get(
      `/daily_job_plans?filter[operative_id]=${operative.userId}&filter[local_day_from]=2027-01-09&filter[local_day_to]=2027-01-13`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((plan: Plan) => plan.local_day)).toEqual([
      '2027-01-10',
      '2027-01-12',
    ]);
    const bad = await manager.orgApi.get('/daily_job_plans?filter[local_day_from]=soon');
    expect(bad.status).toBe(400);
  });

  it('shows an operative only their own plans and lets only managers write', async () => {
    const mine = await newPlan({ local_day: '2027-02-01' });
    const theirs = await newPlan({ local_day: '2027-02-01', operative_id: colleague.userId });
    const list = (await operative.orgApi.get('/daily_job_plans?page=all')).body.data as Plan[];
    expect(list.some((plan) => plan.id === mine.id)).toBe(true);
    expect(
      list.every(
        (plan) => (plan as Plan & { operative_id: string }).operative_id === operative.userId,
      ),
    ).toBe(true);
    expect((await operative.orgApi.get(`/daily_job_plans/${theirs.id}`)).status).toBe(404);
    expect(
      (await operative.orgApi.put(`/daily_job_plans/${mine.id}`, { reference: 'x' })).status,
    ).toBe(403);
    expect((await operative.orgApi.delete(`/daily_job_plans/${mine.id}`)).status).toBe(403);
    expect((await guest.orgApi.get('/daily_job_plans')).status).toBe(403);
  });

  it('deletes one or many, answering unknown ids as failures', async () => {
    const one = await newPlan({ local_day: '2027-03-01' });
    const two = await newPlan({ local_day: '2027-03-01' });
    expect((await manager.orgApi.delete(`/daily_job_plans/${one.id}`)).status).toBe(204);
    const reply = await manager.orgApi.post('/daily_job_plans/delete_many', {
      ids: [two.id, one.id],
    });
    expect(reply.body.deleted).toEqual([two.id]);
    expect(reply.body.failed).toEqual([expect.objectContaining({ id: one.id, code: 'not_found' })]);
  });
});

type Visit = { id: string; job_count: number; deleted_at: string | null };
const newVisit = async (body: Record<string, unknown> = {}) => {
  const reply = await manager.orgApi.post('/visits', { project_id: projectId, ...body });
  expect(reply.status).toBe(201);
  return reply.body.data as Visit;
};

describe('visits', () => {
  it('creates a visit, and jobs name it (a visit of the same organisation only)', async () => {
    const visit = await newVisit({ reference: 'V-1', date: '2026-12-02', notes: 'Gate code 1234' });
    const job = await manager.orgApi.post('/jobs', { project_id: projectId, visit_id: visit.id });
    expect(job.status).toBe(201);
    const got = (await manager.orgApi.get(`/visits/${visit.id}?expand[]=project`)).body.data;
    expect(got).toMatchObject({
      reference: 'V-1',
      date: '2026-12-02',
      notes: 'Gate code 1234',
      job_count: 1,
      deleted_at: null,
      project: { id: projectId },
    });
    const foreign = (await otherOrg.api.post('/visits', {})).body.data.id;
    const refused = await manager.orgApi.post('/jobs', {
      project_id: projectId,
      visit_id: foreign,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'visit_id', code: 'not_found' });
  });

  it('soft-deletes and restores; a deleted visit cannot be given to a job', async () => {
    const visit = await newVisit();
    expect((await manager.orgApi.delete(`/visits/${visit.id}`)).status).toBe(204);
    expect((await manager.orgApi.get(`/visits/${visit.id}`)).status).toBe(404);
    const deleted = (await manager.orgApi.get('/visits?filter[deleted]=true&page=all')).body.data;
    expect(deleted.map((v: Visit) => v.id)).toContain(visit.id);
    const refused = await manager.orgApi.post('/jobs', {
      project_id: projectId,
      visit_id: visit.id,
    });
    expect(refused.status).toBe(422);
    expect((await manager.orgApi.post(`/visits/${visit.id}/restore`)).status).toBe(200);
    expect((await manager.orgApi.get(`/visits/${visit.id}`)).body.data.deleted_at).toBeNull();
  });

  it('bulk delete answers {deleted, failed} with a reason per visit', async () => {
    const free = await newVisit();
    const busy = await newVisit();
    const job = (await manager.orgApi.post('/jobs', { project_id: projectId, visit_id: busy.id }))
      .body.data;
    const missing = '0123456789abcdef01234567';
    const reply = await manager.orgApi.post('/visits/delete_many', {
      ids: [free.id, busy.id, missing],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.deleted).toEqual([free.id]);
    const failed = new Map(
      reply.body.failed.map((f: { id: string; reason: string; code: string }) => [f.id, f]),
    );
    expect(failed.get(busy.id)).toMatchObject({ code: 'in_use' });
    expect((failed.get(busy.id) as { reason: string }).reason).toContain(`#${job.number}`);
    expect(failed.get(missing)).toMatchObject({ code: 'not_found' });
    // once its job is cancelled the visit may go; restore_many brings both back
    await manager.orgApi.post(`/jobs/${job.id}/cancel`);
    const again = await manager.orgApi.post('/visits/delete_many', { ids: [busy.id] });
    expect(again.body).toMatchObject({ deleted: [busy.id], failed: [] });
    const restored = await manager.orgApi.post('/visits/restore_many', { ids: [free.id, busy.id] });
    expect(restored.body.restored.sort()).toEqual([free.id, busy.id].sort());
  });

  it('shows an operative only the visits of their jobs; only managers write', async () => {
    const theirs = await newVisit();
    const hidden = await newVisit();
    await manager.orgApi.post('/jobs', {
      project_id: projectId,
      visit_id: theirs.id,
      operative_id: operative.userId,
    });
    const list = (await operative.orgApi.get('/visits?page=all')).body.data.map((v: Visit) => v.id);
    expect(list).toContain(theirs.id);
    expect(list).not.toContain(hidden.id);
    expect((await operative.orgApi.get(`/visits/${hidden.id}`)).status).toBe(404);
    expect((await operative.orgApi.delete(`/visits/${theirs.id}`)).status).toBe(403);
    expect((await operative.orgApi.post('/visits', {})).status).toBe(403);
  });
});
