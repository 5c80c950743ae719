import { describe, expect, it } from 'vitest';
import { sheetSceneApp, submittedSheet } from '../../../test/fixtures/job-sheets';
import { addMember, createOrganisation } from '../../../test/harness';

const { test, scene } = sheetSceneApp('Trail Org');

interface TrailEvent {
  kind: string;
  at: string;
  by_name: string | null;
  stage_name: string | null;
  round: number | null;
  comments: string | null;
  declaration_accepted: boolean;
}

describe('GET /job_sheets/{id}/trail: the sheet’s whole story', () => {
  it('tells started, submitted with the declaration, each decision, a rejection, the resubmission and an undone decision, with who and when', async () => {
    const sheet = await submittedSheet(scene);
    const approve = (as = scene.approver) =>
      as.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
        declaration_accepted: true,
        comments: 'Checked on site',
      });
    expect((await approve()).status).toBe(200);
    const rejected = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/reject`, {
      comments: 'Photo is blurred',
    });
    expect(rejected.status).toBe(200);
    const resubmitted = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect((await approve()).status).toBe(200);
    const undone = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/undo_approval`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);

    const answer = await scene.manager.orgApi.get(`/job_sheets/${sheet.id}/trail`);
    expect(answer.status).toBe(200);
    const trail = answer.body.data as TrailEvent[];
    expect(trail.map((event) => [event.kind, event.round])).toEqual([
      ['STARTED', null],
      ['DECLARATION_ACCEPTED', 1],
      ['SUBMITTED', 1],
      ['APPROVED', 1],
      ['REJECTED', 1],
      ['DECLARATION_ACCEPTED', 2],
      ['RESUBMITTED', 2],
      ['APPROVED', 2],
      ['DECISION_UNDONE', 2],
    ]);
    const times = trail.map((event) => event.at);
    expect([...times].sort()).toEqual(times);
    const [started, , submitted, approved, rejection, , , , undo] = trail;
    const names = await Promise.all(
      [scene.operative, scene.approver, scene.manager].map(
        async (member) => (await member.api.get('/me/context')).body.user.name as string,
      ),
    );
    const [operativeName, approverName, managerName] = names;
    expect(started!.by_name).toBe(operativeName);
    expect(submitted!.by_name).toBe(operativeName);
    expect(approved).toMatchObject({
      by_name: approverName,
      stage_name: 'Supervisor',
      comments: 'Checked on site',
      declaration_accepted: true,
    });
    expect(rejection).toMatchObject({
      by_name: managerName,
      stage_name: 'Client sign-off',
      comments: 'Photo is blurred',
      declaration_accepted: false,
    });
    expect(undo).toMatchObject({ by_name: managerName, stage_name: 'Supervisor' });
  });

  it('is the trail of a sheet the caller sees: another operative and another organisation find nothing', async () => {
    const sheet = await submittedSheet(scene);
    expect((await scene.operative.orgApi.get(`/job_sheets/${sheet.id}/trail`)).status).toBe(200);
    const colleague = await addMember(test, scene.org, 'OPERATIVE');
    expect((await colleague.orgApi.get(`/job_sheets/${sheet.id}/trail`)).status).toBe(404);
    const stranger = await createOrganisation(test.app, 'Stranger Trail Org');
    expect((await stranger.api.get(`/job_sheets/${sheet.id}/trail`)).status).toBe(404);
  });
});

describe('a project that wants a different person at each stage', () => {
  it('refuses the same person’s second stage with a 422 naming the reason, allows another person, and the trail says so', async () => {
    // A second stage the supervisor may decide too.
    await scene.manager.orgApi.put(
      `/projects/${scene.projectId}/approval_stages/${scene.stageIds[1]}`,
      {
        user_ids: [scene.approver.userId],
      },
    );
    const setting = await scene.manager.orgApi.put(`/projects/${scene.projectId}`, {
      approvals_same_approver_allowed: false,
    });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    expect(setting.body.data.approvals_same_approver_allowed).toBe(false);

    const sheet = await submittedSheet(scene);
    const first = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
    });
    expect(first.status).toBe(200);
    const again = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {});
    expect(again.status).toBe(422);
    expect(again.body.type).toBe('Validation Failure');
    expect(again.body.errors[0]).toMatchObject({ field: 'approval_stage_id' });
    expect(again.body.errors[0].message).toContain('“Supervisor” stage');
    const rejectAgain = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/reject`, {
      comments: 'No',
    });
    expect(rejectAgain.status).toBe(422);

    const trail = await scene.manager.orgApi.get(`/job_sheets/${sheet.id}/trail`);
    expect(trail.body.rules).toEqual({ same_approver_allowed: false });
    // Someone else decides the second stage.
    expect((await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/approve`, {})).status).toBe(
      200,
    );

    // Allowed again, the same person may decide both stages.
    await scene.manager.orgApi.put(`/projects/${scene.projectId}`, {
      approvals_same_approver_allowed: true,
    });
    const next = await submittedSheet(scene);
    await scene.approver.orgApi.post(`/job_sheets/${next.id}/approve`, {
      declaration_accepted: true,
    });
    const both = await scene.approver.orgApi.post(`/job_sheets/${next.id}/approve`, {});
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect((await scene.manager.orgApi.get(`/job_sheets/${next.id}/trail`)).body.rules).toEqual({
      same_approver_allowed: true,
    });
  });
});
