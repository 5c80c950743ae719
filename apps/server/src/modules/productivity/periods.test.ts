import { describe, expect, it } from 'vitest';
import { periodStart, periodsOf } from './figures';

describe('productivity periods', () => {
  it('starts weeks on Monday, quarters and years on their first day', () => {
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-11-30', 'week')).toBe('2026-11-30');
    expect(periodStart('2026-08-17', 'quarter')).toBe('2026-07-01');
    expect(periodStart('2026-08-17', 'year')).toBe('2026-01-01');
    expect(periodsOf('2026-01-15', '2026-04-02', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
  });
});
