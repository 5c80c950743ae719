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
            on_create: null,
            on_submit: 's1',
            on_approve: 's2',
            on_reject: null,
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
            on_create: 'gone',
            on_submit: null,
            on_approve: null,
            on_reject: null,
          },
        },
        statuses,
      ),
    ).toEqual(['Created → a deleted status']);
  });
});
