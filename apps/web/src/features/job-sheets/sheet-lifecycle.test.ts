import type { ApprovalDecision } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { locationStatusChoice, standingRejection } from './sheet-lifecycle';

const decision = (overrides: Partial<ApprovalDecision>): ApprovalDecision => ({
  id: 'd1',
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
  job_sheet_id: 's1',
  approval_stage_id: null,
  approval_stage_name: null,
  approval_batch: 1,
  user_id: 'u1',
  user_name: 'Sam',
  decision: 'REJECTED',
  comments: 'Redo',
  declaration_accepted_at: null,
  undone_at: null,
  ...overrides,
});

describe('standingRejection', () => {
  it('is the latest rejection of the current batch that was not undone', () => {
    const approvals = [
      decision({ id: 'old', approval_batch: 1 }),
      decision({ id: 'now', approval_batch: 2, comments: 'Photos missing' }),
      decision({ id: 'undone', approval_batch: 2, undone_at: '2026-11-27T11:00:00Z' }),
    ];
    expect(standingRejection({ status: 'REJECTED', approval_batch: 2, approvals })?.id).toBe('now');
    expect(
      standingRejection({ status: 'SUBMITTED', approval_batch: 2, approvals }),
    ).toBeUndefined();
  });
});

describe('locationStatusChoice', () => {
  const none = {
    on_create_job_sheet: null,
    on_submit_job_sheet: null,
    on_approve_job_sheet: null,
    on_reject_job_sheet: null,
  };
  const statuses = [{ id: 'started' }, { id: 'done' }];

  it('asks when the form automates the status, starting from the status set on submit', () => {
    const form = {
      confirm_location_status_on_submit: false,
      location_status_automation: { ...none, on_submit_job_sheet: 'done' },
    };
    expect(locationStatusChoice(form, statuses, 'started')).toEqual({
      ask: true,
      suggested: 'done',
    });
  });

  it('asks when the form confirms the status on submit, starting from the sheet’s status', () => {
    const form = { confirm_location_status_on_submit: true, location_status_automation: none };
    expect(locationStatusChoice(form, statuses, 'started')).toEqual({
      ask: true,
      suggested: 'started',
    });
    expect(locationStatusChoice(form, statuses, 'gone').suggested).toBeNull();
  });

  it('submits plainly without automation, without a project form, or without statuses', () => {
    const plain = { confirm_location_status_on_submit: false, location_status_automation: none };
    expect(locationStatusChoice(plain, statuses, null).ask).toBe(false);
    expect(locationStatusChoice(undefined, statuses, null).ask).toBe(false);
    const automated = {
      confirm_location_status_on_submit: true,
      location_status_automation: { ...none, on_approve_job_sheet: 'done' },
    };
    expect(locationStatusChoice(automated, [], null).ask).toBe(false);
  });
});
