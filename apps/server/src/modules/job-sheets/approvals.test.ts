import { describe, expect, it } from 'vitest';
import { usingPostgres } from '../../../test/harness';
import { sheetSceneApp, submittedSheet } from '../../../test/fixtures/job-sheets';

const { test, scene } = sheetSceneApp('Approvals Org');

describe('job sheet approvals', () => {
  it('walks the stages in order: the stage’s approver with its declaration, then a manager', async () => {
    const sheet = await submittedSheet(scene);
    const noDeclaration = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {});
    expect(noDeclaration.status).toBe(422);
    expect(noDeclaration.body.errors[0].message).toMatch(/declaration/);
    // The operative who filled it in is not an approver of the stage.
    const notApprover = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
    });
    expect(notApprover.status).toBe(403);
    const first = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
      comments: 'Looks right',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'SUBMITTED',
      current_approval_stage_id: scene.stageIds[1],
      approvals: [
        {
          approval_stage_id: scene.stageIds[0],
          approval_stage_name: 'Supervisor',
          approval_batch: 1,
          user_id: scene.approver.userId,
          decision: 'APPROVED',
          comments: 'Looks right',
        },
      ],
    });
    // The supervisor cannot act at the second stage; a manager can.
    const wrongStage = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {});
    expect([403, 404]).toContain(wrongStage.status);
    const last = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/approve`, {});
    expect(last.body.data).toMatchObject({
      status: 'APPROVED',
      current_approval_stage_id: null,
      location_status_id: scene.statusIds.approved,
    });
    expect(last.body.data.approved_at).not.toBeNull();

    // Undo the last approval: back at the second stage, the decision kept as undone.
    const undone = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/undo_approval`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toMatchObject({
      status: 'SUBMITTED',
      approved_at: null,
      current_approval_stage_id: scene.stageIds[1],
    });
    expect(undone.body.data.approvals[1].undone_at).not.toBeNull();

    // Each decision's audit entry keeps the sheet as it was and as it became, for undo.
    const { rows: entries } = await test.platform.db.query<{
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      `SELECT action, before_image AS before, after_image AS after FROM audit_entries
        WHERE document_id = $1 AND action IN ('APPROVE', 'UNDO_APPROVAL')
        ORDER BY performed_at, action`,
      [sheet.id],
    );
    expect(
      entries.map(({ action, before, after }) => [
        action,
        before.status,
        before.current_approval_stage_id,
        after.status,
        after.current_approval_stage_id,
      ]),
    ).toEqual([
      ['APPROVE', 'SUBMITTED', scene.stageIds[0], 'SUBMITTED', scene.stageIds[1]],
      ['APPROVE', 'SUBMITTED', scene.stageIds[1], 'APPROVED', null],
      ['UNDO_APPROVAL', 'APPROVED', null, 'SUBMITTED', scene.stageIds[1]],
    ]);
  });

  it('rejects with comments; the fixed sheet resubmits as batch 2 from the first stage', async () => {
    const sheet = await submittedSheet(scene);
    const noComment = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/reject`, {});
    expect(noComment.status).toBe(422);
    expect(noComment.body.errors[0].field).toBe('comments');
    const rejected = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/reject`, {
      comments: 'Photo missing',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'REJECTED',
      location_status_id: scene.statusIds.rejected,
      approvals: [{ decision: 'REJECTED', comments: 'Photo missing', approval_batch: 1 }],
    });
    const updated = await scene.approver.orgApi.put(`/job_sheets/${sheet.id}/update_rejection`, {
      comments: 'Photo of the hinge missing',
    });
    expect(updated.body.data.approvals[0].comments).toBe('Photo of the hinge missing');
    const notTheirs = await scene.manager.orgApi.put(`/job_sheets/${sheet.id}/update_rejection`, {
      comments: 'Manager may',
    });
    expect(notTheirs.status).toBe(200);
    // The operative fixes it and resubmits.
    const fixed = await scene.operative.orgApi.put(`/job_sheets/${sheet.id}`, {
      field_values: [{ form_field_id: scene.fields.notes, value_string: 'Hinge photographed' }],
    });
    expect(fixed.status).toBe(200);
    const again = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`);
    expect(again.body.data).toMatchObject({
      status: 'SUBMITTED',
      approval_batch: 2,
      current_approval_stage_id: scene.stageIds[0],
    });
    const approved = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
    });
    expect(approved.body.data.approvals.at(-1)).toMatchObject({
      approval_batch: 2,
      decision: 'APPROVED',
    });
  });

  it('approves and rejects many, answering each item', async () => {
    const [a, b, c] = [
      await submittedSheet(scene),
      await submittedSheet(scene),
      await submittedSheet(scene),
    ];
    const draft = (
      await scene.operative.orgApi.post('/job_sheets', {
        job_id: scene.jobId,
        form_id: scene.formId,
      })
    ).body.data;
    const approved = await scene.manager.orgApi.post('/job_sheets/approve_many', {
      jobSheetApprovals: [
        { id: a.id, declaration_accepted: true },
        { id: b.id },
        { id: draft.id, declaration_accepted: true },
        { id: '0123456789abcdef01234567' },
      ],
    });
    expect(approved.status).toBe(200);
    expect(approved.body.approved).toEqual([a.id]);
    expect(approved.body.failed).toEqual([
      { id: b.id, reason: expect.stringMatching(/declaration/), code: 'invalid' },
      {
        id: draft.id,
        reason: expect.stringMatching(/IN_PROGRESS/),
        code: 'not_allowed_from_status',
      },
      { id: '0123456789abcdef01234567', reason: 'Job sheet not found.', code: 'not_found' },
    ]);
    const rejected = await scene.manager.orgApi.post('/job_sheets/reject_many', {
      jobSheetRejections: [
        { id: b.id, comments: 'Redo' },
        { id: c.id, comments: 'Redo too' },
      ],
    });
    expect(rejected.body).toEqual({ rejected: [b.id, c.id], failed: [] });
    const missingComments = await scene.manager.orgApi.post('/job_sheets/reject_many', {
      jobSheetRejections: [{ id: a.id }],
    });
    expect(missingComments.status).toBe(422);
    expect(missingComments.body.errors[0].field).toBe('jobSheetRejections.0.comments');
  });

  it.runIf(usingPostgres())(
    'records exactly one decision when two approvers decide the same sheet at once',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const sheet = await submittedSheet(scene);
        // Each decides the stage they were shown, as the web app says: a request that comes after
        // the first has committed finds the sheet moved on (a second stage is not the same one).
        const shown = (await scene.org.api.get(`/job_sheets/${sheet.id}`)).body.data;
        const stage = { approval_stage_id: shown.current_approval_stage_id };
        const replies = await Promise.all([
          scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
            ...stage,
            declaration_accepted: true,
          }),
          scene.org.api.post(`/job_sheets/${sheet.id}/approve`, {
            ...stage,
            declaration_accepted: true,
          }),
          scene.manager.orgApi.post(`/job_sheets/${sheet.id}/reject`, { ...stage, comments: 'No' }),
        ]);
        const statuses = replies.map((reply) => reply.status).sort();
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409)).toHaveLength(2);
        const { rows } = await test.platform.db.query(
          `SELECT count(*)::int AS n FROM job_sheet_approval_decisions WHERE job_sheet_id = $1`,
          [sheet.id],
        );
        expect(rows[0]).toEqual({ n: 1 });
      }
    },
  );
});
