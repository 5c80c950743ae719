import { describe, expect, it } from 'vitest';
import { sheetSceneApp, submittedSheet } from '../../../test/fixtures/job-sheets';

// docs/jobs.md: completing a job whose forms have no submitted sheet is refused or
// noted, per the organisation's setting complete_job_without_sheets.
const { scene } = sheetSceneApp('Completion Org');

const startedJob = async () => {
  const job = await scene.org.api.post('/jobs', {
    project_id: scene.projectId,
    operative_id: scene.operative.userId,
    form_ids: [scene.formId],
  });
  expect(job.status).toBe(201);
  expect((await scene.org.api.post(`/jobs/${job.body.data.id}/start_on_web`)).status).toBe(200);
  return job.body.data.id as string;
};

const setRule = async (rule: string) => {
  const reply = await scene.org.api.put('/options/settings', { complete_job_without_sheets: rule });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply;
};

describe('completing a job without its sheets', () => {
  it('allows it by default and records what was missing in the job’s history', async () => {
    const settings = await scene.org.api.get('/organisation');
    expect(JSON.stringify(settings.body)).toContain(
      '"complete_job_without_sheets":"ALLOW_WITH_NOTE"',
    );
    const jobId = await startedJob();
    const done = await scene.operative.orgApi.post(`/jobs/${jobId}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const logs = (await scene.org.api.get(`/jobs/${jobId}/activity_logs?sort=performed_at`)).body
      .data as Array<{ action: string; changes: Record<string, unknown> | null }>;
    const note = logs.find((entry) => entry.action === 'COMPLETE_WITHOUT_SHEETS');
    expect(note?.changes).toMatchObject({
      note: 'No submitted job sheet for "Door inspection".',
      forms_without_sheets: ['Door inspection'],
    });
  });

  it('refuses it with 422 naming the forms when the organisation says so', async () => {
    await setRule('REFUSE');
    const jobId = await startedJob();
    // A sheet only in progress does not count.
    await scene.operative.orgApi.post('/job_sheets', { job_id: jobId, form_id: scene.formId });
    const refused = await scene.operative.orgApi.post(`/jobs/${jobId}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        field: 'job_sheets',
        message: 'No submitted job sheet for "Door inspection".',
      }),
    ]);
    const bulk = await scene.org.api.post('/jobs/complete_many', { ids: [jobId] });
    expect(bulk.body.failed).toEqual([
      expect.objectContaining({
        id: jobId,
        reason: 'No submitted job sheet for "Door inspection".',
      }),
    ]);
  });

  it('completes once every form has a submitted sheet, with no note', async () => {
    await setRule('REFUSE');
    const sheet = await submittedSheet(scene);
    const done = await scene.operative.orgApi.post(`/jobs/${scene.jobId}/start_on_web`);
    expect(done.status).toBe(200);
    expect(sheet.number).toBeGreaterThan(0);
    const completed = await scene.operative.orgApi.post(`/jobs/${scene.jobId}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const logs = (await scene.org.api.get(`/jobs/${scene.jobId}/activity_logs`)).body
      .data as Array<{
      action: string;
    }>;
    expect(logs.some((entry) => entry.action === 'COMPLETE_WITHOUT_SHEETS')).toBe(false);
  });

  it('refuses a rule it does not know with 422 naming the field', async () => {
    const reply = await scene.org.api.put('/options/settings', {
      complete_job_without_sheets: 'NEVER',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ field: 'complete_job_without_sheets' });
  });
});
