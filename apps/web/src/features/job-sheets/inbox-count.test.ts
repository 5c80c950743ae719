import { describe, expect, it } from 'vitest';
import { inboxTotal } from './inbox-count';

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
