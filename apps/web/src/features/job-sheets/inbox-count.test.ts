import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { inboxKey, inboxTotal, seedInboxCount } from './inbox-count';

const section = (count: number) => ({ count, data: [] });

describe('inboxTotal', () => {
  it('reads the server’s meta.total', () => {
    expect(
      inboxTotal({
        awaiting_approval: section(2),
        rejected: section(1),
        jobs_due_today: section(0),
        meta: { total: 3 },
      }),
    ).toBe(3);
  });

  it('adds the sections up without meta, and reads a broken answer as nothing', () => {
    expect(inboxTotal({ awaiting_approval: section(2), rejected: section(4) })).toBe(6);
    expect(inboxTotal(null)).toBe(0);
    expect(inboxTotal({ meta: { total: Number.NaN } })).toBe(0);
  });
});

describe('the navigation badge and the inbox page', () => {
  it('show the same count: the page’s answer replaces the badge’s older one', () => {
    const queryClient = new QueryClient();
    const key = [...inboxKey('org-1'), 'count'];
    queryClient.setQueryData(key, { meta: { total: 5 } });
    seedInboxCount(queryClient, 'org-1', {
      awaiting_approval: section(1),
      rejected: section(1),
      jobs_due_today: section(0),
      outstanding_documents: section(0),
      meta: { total: 2 },
    });
    expect(inboxTotal(queryClient.getQueryData(key))).toBe(2);
  });
});
