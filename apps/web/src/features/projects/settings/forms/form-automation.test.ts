import { describe, expect, it } from 'vitest';
import { automationSummary } from './form-automation';

describe('automationSummary', () => {
  const statuses = [
    { id: 's1', name: 'In progress' },
    { id: 's2', name: 'Completed' },
  ];
  it('names each automation with its status, in the order of the events', () => {
    expect(
      automationSummary(
        {
          location_status_automation: {
            on_create_job_sheet: null,
            on_submit_job_sheet: 's1',
            on_approve_job_sheet: 's2',
            on_reject_job_sheet: null,
          },
        },
        statuses,
      ),
    ).toEqual(['Submitted → In progress', 'Approved → Completed']);
  });
  it('says when a status is gone', () => {
    expect(
      automationSummary(
        {
          location_status_automation: {
            on_create_job_sheet: 'gone',
            on_submit_job_sheet: null,
            on_approve_job_sheet: null,
            on_reject_job_sheet: null,
          },
        },
        statuses,
      ),
    ).toEqual(['Created → a deleted status']);
  });
});
