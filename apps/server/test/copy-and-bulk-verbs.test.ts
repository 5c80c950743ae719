import { describe, expect, it } from 'vitest';
import { organisationApp } from './harness';

/**
 * Issue 23's copy and bulk verbs (field-work §7) across the entities that gained them: each
 * answers per id, refuses another organisation's ids as "not found" and keeps to the roles.
 */
const { test, org, other, members } = organisationApp('Copies Org', {
  other: 'Copies Other Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE' },
});

const created = async (path: string, body: Record<string, unknown>) => {
  const response = await org.api.post(path, body);
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(201);
  return response.body.data as Record<string, unknown> & { id: string };
};

describe('duplicate and duplicate_many', () => {
  it('copies clients, sites and visits as new records, per id with reasons', async () => {
    const client = await created('/clients', { name: 'Acme' });
    const site = await created('/sites', { address_line_1: '1 High St', city: 'Leeds' });
    const project = await created('/projects', { name: 'Copies project' });
    const visit = await created('/visits', { project_id: project.id, reference: 'V-1' });
    const foreign = (await other.api.post('/clients', { name: 'Theirs' })).body.data.id as string;

    const copy = await members.manager.orgApi.post(`/clients/${client.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ name: 'Acme (copy)', project_count: 0 });
    expect(copy.body.data.id).not.toBe(client.id);
    const many = await org.api.post('/clients/duplicate_many', { ids: [client.id, foreign] });
    expect(many.status).toBe(201);
    expect(many.body.data.map((c: { name: string }) => c.name)).toEqual(['Acme (copy)']);
    expect(many.body.failed).toEqual([expect.objectContaining({ id: foreign, code: 'not_found' })]);
    expect((await org.api.post(`/clients/${foreign}/duplicate`)).status).toBe(404);
    expect((await members.operative.orgApi.post(`/clients/${client.id}/duplicate`)).status).toBe(
      403,
    );

    const siteCopy = (await org.api.post(`/sites/${site.id}/duplicate`)).body.data;
    expect(siteCopy).toMatchObject({
      name: '1 High St (copy)',
      name_is_custom: true,
      address_line_1: '1 High St',
      city: 'Leeds',
    });
    const visits = await org.api.post('/visits/duplicate_many', { ids: [visit.id] });
    expect(visits.body.data).toEqual([
      expect.objectContaining({ reference: 'V-1', project_id: project.id, job_count: 0 }),
    ]);
  });

  it('copies a job as a new AWAITING job with the next number, never its history', async () => {
    const project = await created('/projects', { name: 'Job copies' });
    const job = await created('/jobs', { project_id: project.id, reference: 'J-1' });
    await org.api.put(`/jobs/${job.id}/start_on_web`);
    const copy = await org.api.post(`/jobs/${job.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      reference: 'J-1',
      project_id: project.id,
      status: 'AWAITING',
      started_at: null,
      number: (job.number as number) + 1,
      job_sheet_count: 0,
    });
    const many = await org.api.post('/jobs/duplicate_many', { ids: [job.id, copy.body.data.id] });
    expect(many.body.data.map((j: { number: number }) => j.number)).toEqual([
      (job.number as number) + 2,
      (job.number as number) + 3,
    ]);
    expect((await members.operative.orgApi.post(`/jobs/${job.id}/duplicate`)).status).toBe(403);
  });

  it('copies teams with their members, and project templates with their lists', async () => {
    const team = await created('/teams', {
      name: 'Fitters',
      user_ids: [members.operative.userId],
    });
    const copies = await org.api.post('/teams/duplicate_many', { ids: [team.id] });
    expect(copies.body.data).toEqual([
      expect.objectContaining({ name: 'Fitters (copy)', user_ids: [members.operative.userId] }),
    ]);
    const template = await created('/project_templates', { name: 'Standard' });
    await org.api.post(`/project_templates/${template.id}/job_attributes`, { name: 'Floor' });
    const named = await org.api.post(`/project_templates/${template.id}/duplicate`, {
      name: 'Standard two',
    });
    expect(named.status).toBe(201);
    expect(named.body.data.name).toBe('Standard two');
    const listed = await org.api.get(`/project_templates/${named.body.data.id}/job_attributes`);
    expect(listed.body.data.map((a: { name: string }) => a.name)).toEqual(['Floor']);
    const many = await org.api.post('/project_templates/duplicate_many', { ids: [template.id] });
    expect(many.body.data.map((t: { name: string }) => t.name)).toEqual(['Standard (copy)']);
    const project = await created('/projects', { name: 'Tower' });
    const foreign = (await other.api.post('/projects', { name: 'Theirs' })).body.data.id as string;
    const projects = await org.api.post('/projects/duplicate_many', { ids: [project.id, foreign] });
    expect(projects.body.data.map((p: { name: string }) => p.name)).toEqual(['Tower (copy)']);
    expect(projects.body.failed).toEqual([
      expect.objectContaining({ id: foreign, code: 'not_found' }),
    ]);
  });
});

describe('create_many', () => {
  it('creates teams, projects and templates all or nothing, naming the item at fault', async () => {
    const teams = await org.api.post('/teams/create_many', [
      { name: 'North', user_ids: [members.manager.userId] },
      { name: 'South' },
    ]);
    expect(teams.status).toBe(201);
    expect(teams.body.data.map((t: { user_ids: string[] }) => t.user_ids)).toEqual([
      [members.manager.userId],
      [],
    ]);
    const foreignUser = other.owner.userId;
    const refused = await org.api.post('/teams/create_many', [
      { name: 'East' },
      { name: 'West', user_ids: [foreignUser] },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toMatch(/^data\.1\.user_ids/);
    expect((await org.api.get('/teams?filter[name]=East')).body.meta.total).toBe(0);

    const projects = await org.api.post('/projects/create_many', {
      data: [{ name: 'P one' }, { name: 'P two' }],
    });
    expect(projects.status).toBe(201);
    expect(projects.body.data.map((p: { name: string }) => p.name).sort()).toEqual([
      'P one',
      'P two',
    ]);
    const templates = await org.api.post('/project_templates/create_many', [{ name: 'T' }, {}]);
    expect(templates.status).toBe(422);
    expect(templates.body.errors[0].field).toBe('data.1.name');
    expect(
      (await members.operative.orgApi.post('/projects/create_many', [{ name: 'x' }])).status,
    ).toBe(403);
  });
});

describe('qualifications: archive, unarchive and delete, many at once', () => {
  it('acts per id on those the caller may see', async () => {
    const own = (await members.operative.orgApi.post('/qualifications', { name: 'CSCS' })).body.data
      .id as string;
    const theirs = (await org.api.post('/qualifications', { name: 'IPAF' })).body.data.id as string;
    const archived = await members.operative.orgApi.post('/qualifications/archive_many', {
      ids: [own, theirs],
    });
    expect(archived.body).toEqual({
      archived: [own],
      failed: [expect.objectContaining({ id: theirs, code: 'not_found' })],
    });
    const read = await members.operative.orgApi.get(`/qualifications/${own}`);
    expect(read.body.data.archived_at).not.toBeNull();
    expect(
      (await members.operative.orgApi.get('/qualifications?filter[archived]=false')).body.meta
        .total,
    ).toBe(0);
    const back = await org.api.post('/qualifications/unarchive_many', { ids: [own] });
    expect(back.body).toEqual({ unarchived: [own], failed: [] });
    const foreign = (await other.api.post('/qualifications', { name: 'Theirs' })).body.data
      .id as string;
    const deleted = await org.api.post('/qualifications/delete_many', { ids: [own, foreign] });
    expect(deleted.body).toEqual({
      deleted: [own],
      failed: [expect.objectContaining({ id: foreign, code: 'not_found' })],
    });
    expect(test.platform).toBeDefined();
  });
});

describe('per-form sync', () => {
  it('syncs one copy of a project and of a template from its library form', async () => {
    const form = await created('/forms', { name: 'Checks' });
    const section = (await org.api.post(`/forms/${form.id}/sections`, { name: 'Main' })).body.data
      .id as string;
    const project = await created('/projects', { name: 'Synced' });
    const template = await created('/project_templates', { name: 'Synced template' });
    const onProject = (await org.api.post(`/projects/${project.id}/forms`, { form_id: form.id }))
      .body.data;
    const onTemplate = (
      await org.api.post(`/project_templates/${template.id}/forms`, { form_id: form.id })
    ).body.data;
    await org.api.put(`/forms/${form.id}`, { name: 'Checks v2' });
    await org.api.post(`/forms/${form.id}/sections/${section}/fields`, {
      name: 'Notes',
      type: 'TEXT',
    });
    const synced = await members.manager.orgApi.put(
      `/projects/${project.id}/forms/${onProject.id}/sync`,
    );
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data).toMatchObject({ id: onProject.id, name: 'Checks v2' });
    expect(synced.body.data.sections[0].fields.map((f: { name: string }) => f.name)).toEqual([
      'Notes',
    ]);
    // the copy answers the same nested reads as its library form
    const copyBase = `/projects/${project.id}/forms/${onProject.id}/sections`;
    const copySections = await org.api.get(copyBase);
    expect(copySections.status, JSON.stringify(copySections.body)).toBe(200);
    const copySection = copySections.body.data[0];
    expect(copySection).toMatchObject({ name: 'Main', form_id: onProject.id });
    expect((await org.api.get(`${copyBase}/${copySection.id}`)).body.data.id).toBe(copySection.id);
    const copyFields = await org.api.get(`${copyBase}/${copySection.id}/fields`);
    expect(copyFields.body.data.map((f: { name: string }) => f.name)).toEqual(['Notes']);
    const copyField = copyFields.body.data[0];
    expect(
      (await org.api.get(`${copyBase}/${copySection.id}/fields/${copyField.id}`)).body.data.id,
    ).toBe(copyField.id);
    // the library section is not the copy's, nor is the copy another project's
    expect((await org.api.get(`${copyBase}/${section}/fields`)).status).toBe(404);
    const elsewhere = await created('/projects', { name: 'Elsewhere' });
    expect(
      (await org.api.get(`/projects/${elsewhere.id}/forms/${onProject.id}/sections`)).status,
    ).toBe(404);
    expect((await other.api.get(copyBase)).status).toBe(404);
    expect(
      (await org.api.get(`/project_templates/${template.id}/forms/${onTemplate.id}/sections`)).body
        .data,
    ).toHaveLength(0);
    const onTemplateSynced = await org.api.put(
      `/project_templates/${template.id}/forms/${onTemplate.id}/sync`,
    );
    expect(onTemplateSynced.body.data.name).toBe('Checks v2');
    expect(
      (await org.api.get(`/project_templates/${template.id}/forms/${onTemplate.id}/sections`)).body
        .data,
    ).toHaveLength(1);
    // a copy of another project, another organisation's, or an operative: refused
    expect((await org.api.put(`/projects/${project.id}/forms/${onTemplate.id}/sync`)).status).toBe(
      404,
    );
    expect((await other.api.put(`/projects/${project.id}/forms/${onProject.id}/sync`)).status).toBe(
      404,
    );
    expect(
      (await members.operative.orgApi.put(`/projects/${project.id}/forms/${onProject.id}/sync`))
        .status,
    ).toBe(403);
  });
});
