import { describe, expect, it } from 'vitest';
import { sheetSceneApp, submittedSheet } from '../../../test/fixtures/job-sheets';

const { scene } = sheetSceneApp('Inbox Org');

describe('inbox and search', () => {
  it('lists what waits for each member: approvals at their stage, their rejected sheets, jobs due today', async () => {
    const waiting = await submittedSheet(scene);
    const toReject = await submittedSheet(scene);
    await scene.manager.orgApi.post(`/job_sheets/${toReject.id}/reject`, { comments: 'Redo' });
    const today = new Date().toISOString().slice(0, 10);
    const job = (
      await scene.manager.orgApi.post('/jobs', {
        project_id: scene.projectId,
        operative_id: scene.operative.userId,
        date: today,
      })
    ).body.data;

    const approverInbox = (await scene.approver.orgApi.get('/inbox')).body;
    expect(approverInbox.awaiting_approval.data.map((s: { id: string }) => s.id)).toEqual([
      waiting.id,
    ]);
    expect(approverInbox.awaiting_approval.count).toBe(1);
    expect(approverInbox.rejected.count).toBe(0);
    expect(approverInbox.meta).toEqual({ total: 1 });

    const operativeInbox = (await scene.operative.orgApi.get('/inbox')).body;
    expect(operativeInbox.awaiting_approval.count).toBe(0);
    expect(operativeInbox.rejected.data.map((s: { id: string }) => s.id)).toEqual([toReject.id]);
    expect(operativeInbox.jobs_due_today.data.map((j: { id: string }) => j.id)).toEqual([job.id]);

    // Once the first stage approves, the sheet waits for a manager, not the supervisor.
    await scene.approver.orgApi.post(`/job_sheets/${waiting.id}/approve`, {
      declaration_accepted: true,
    });
    expect((await scene.approver.orgApi.get('/inbox')).body.awaiting_approval.count).toBe(0);
    const managerInbox = (await scene.manager.orgApi.get('/inbox')).body;
    expect(managerInbox.awaiting_approval.data.map((s: { id: string }) => s.id)).toContain(
      waiting.id,
    );
  });

  it('answers the counts alone with page[size]=0, and pages each section with page[size]', async () => {
    await submittedSheet(scene);
    await submittedSheet(scene);
    const full = (await scene.manager.orgApi.get('/inbox')).body;
    const counted = await scene.manager.orgApi.get('/inbox?page[size]=0');
    expect(counted.status).toBe(200);
    for (const name of ['awaiting_approval', 'rejected', 'jobs_due_today'])
      expect(counted.body[name]).toEqual({ count: full[name].count, data: [] });
    expect(counted.body.meta.total).toBe(
      full.awaiting_approval.count + full.rejected.count + full.jobs_due_today.count,
    );
    expect(counted.body.meta.total).toBe(full.meta.total);

    const one = (await scene.manager.orgApi.get('/inbox?page[size]=1')).body;
    expect(one.awaiting_approval.count).toBe(full.awaiting_approval.count);
    expect(one.awaiting_approval.data).toHaveLength(1);
    expect(one.awaiting_approval.data[0].id).toBe(full.awaiting_approval.data[0].id);

    for (const bad of ['-1', '51', 'many'])
      expect((await scene.manager.orgApi.get(`/inbox?page[size]=${bad}`)).status).toBe(422);
  });

  it('finds job sheets by number and form name, only those the caller sees', async () => {
    const sheet = await submittedSheet(scene);
    const byNumber = await scene.manager.orgApi.get(`/search?term=${sheet.number}`);
    expect(byNumber.body.jobSheets[0]).toEqual({
      id: sheet.id,
      name: `#${sheet.number} Door inspection`,
    });
    const byForm = await scene.operative.orgApi.get('/search?term=door insp');
    expect(byForm.body.jobSheets.length).toBeGreaterThan(0);
    // Back in progress, it is no longer at the supervisor's stage: they do not see it.
    await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/unsubmit`);
    const outsider = await scene.approver.orgApi.get(`/search?term=${sheet.number}`);
    expect(outsider.body.jobSheets).toEqual([]);
  });
});
