import { beforeAll, describe, expect, it } from 'vitest';
import { getFile, organisationApp } from '../../../test/harness';

const {
  test,
  org,
  members: { operative },
} = organisationApp('Job Extras Org', { members: { operative: 'OPERATIVE' } });
let projectId: string;
const ids: string[] = [];

beforeAll(async () => {
  projectId = (await org.api.post('/projects', { name: 'Depot' })).body.data.id;
  for (const [reference, operative_id] of [
    ['Alpha', operative.userId],
    ['Beta', null],
    ['Gamma', operative.userId],
  ] as const) {
    const reply = await org.api.post('/jobs', { project_id: projectId, reference, operative_id });
    ids.push(reply.body.data.id);
  }
  await org.api.post(`/jobs/${ids[0]}/start_on_web`);
});

describe('job list extras', () => {
  it('counts and lists ids of what the caller sees, by the list filters', async () => {
    expect((await org.api.get('/jobs/experimental/count')).body).toEqual({ count: 3 });
    expect(
      (await org.api.get('/jobs/experimental/count?filter[status]=IN_PROGRESS')).body.count,
    ).toBe(1);
    expect((await operative.orgApi.get('/jobs/experimental/count')).body.count).toBe(2);
    const got = await org.api.get('/jobs/experimental/get_ids?sort=reference');
    expect(got.body.ids).toEqual(ids);
    expect((await org.api.get('/jobs/experimental/count?filter[nope]=1')).status).toBe(400);
  });

  it('answers a POSTed list query like the list', async () => {
    const page = await org.api.post('/jobs/experimental/get', {
      filter: { status: 'AWAITING' },
      sort: '-reference',
      page: { number: 1, size: 1 },
      expand: ['project'],
    });
    expect(page.status).toBe(200);
    expect(page.body.data.map((job: { reference: string }) => job.reference)).toEqual(['Gamma']);
    expect(page.body.data[0].project.name).toBe('Depot');
    expect(page.body.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    const mine = await operative.orgApi.post('/jobs/experimental/get', {});
    expect(mine.body.meta.total).toBe(2);
  });

  it('answers the material summary for a visible job only', async () => {
    // The totals themselves: job-sheets/sheet-extras.test.ts.
    expect((await org.api.get(`/jobs/${ids[1]}/material_summary`)).status).toBe(200);
    expect((await operative.orgApi.get(`/jobs/${ids[1]}/material_summary`)).status).toBe(404);
  });

  it('exports the jobs as CSV', async () => {
    const exported = await org.api.post('/exports/jobs_csv', { filter: { status: 'AWAITING' } });
    expect(exported.status).toBe(200);
    const url = new URL(exported.body.url as string);
    const file = await getFile(test.app, url.toString());
    expect(file.body).toContain('Beta');
    expect(file.body).not.toContain('Alpha');
    expect((await operative.orgApi.post('/exports/jobs_csv')).status).toBe(403);
  });
});

describe('job activity logs', () => {
  it('lists who did what to each job, to those who see the job', async () => {
    const logs = await org.api.get(`/job_activity_logs?filter[job_id]=${ids[0]}`);
    expect(logs.status).toBe(200);
    expect(logs.body.data.map((log: { action: string }) => log.action)).toEqual([
      'START',
      'CREATE',
    ]);
    expect(logs.body.data[0]).toMatchObject({
      job_id: ids[0],
      performed_by_type: 'USER',
      performed_by_user_id: org.owner.userId,
      performed_by_api_key_id: null,
      performed_by_device_id: null,
    });
    const perJob = await org.api.get(`/jobs/${ids[0]}/activity_logs`);
    expect(perJob.body.meta.total).toBe(2);
    const asOperative = await operative.orgApi.get('/job_activity_logs?page=all');
    const seen = new Set(asOperative.body.data.map((log: { job_id: string }) => log.job_id));
    expect([...seen].sort()).toEqual([ids[0], ids[2]].sort());
    expect((await operative.orgApi.get(`/jobs/${ids[1]}/activity_logs`)).status).toBe(404);
  });
});

describe('jobs in search and in forms', () => {
  it('finds jobs by reference or number, only those the caller sees', async () => {
    const found = await org.api.get('/search?term=alph');
    expect(found.body.jobs).toEqual([{ id: ids[0], name: expect.stringMatching(/^#\d+ Alpha$/) }]);
    const number = (await org.api.get(`/jobs/${ids[1]}`)).body.data.number as number;
    expect((await org.api.get(`/search?term=%23${number}`)).body.jobs).toEqual([
      { id: ids[1], name: `#${number} Beta` },
    ]);
    expect((await operative.orgApi.get('/search?term=beta')).body.jobs).toEqual([]);
    expect((await operative.orgApi.get('/search?term=gamma')).body.jobs).toEqual([
      expect.objectContaining({ id: ids[2] }),
    ]);
  });

  it('counts a form as in use while a job uses it, even after its project dropped it', async () => {
    const formId = (await org.api.post('/forms', { name: 'Job-only form' })).body.data.id;
    const onProject = (await org.api.post(`/projects/${projectId}/forms`, { form_id: formId })).body
      .data.id;
    const job = (await org.api.post('/jobs', { project_id: projectId, form_ids: [formId] })).body
      .data;
    expect((await org.api.delete(`/projects/${projectId}/forms/${onProject}`)).status).toBe(204);
    expect((await org.api.get(`/forms/${formId}`)).body.data.in_use).toBe(true);
    const used = await org.api.get('/forms?filter[in_use]=true&page=all');
    expect(used.body.data.map((form: { id: string }) => form.id)).toContain(formId);
    await org.api.delete(`/jobs/${job.id}`);
    expect((await org.api.get(`/forms/${formId}`)).body.data.in_use).toBe(false);
  });
});
