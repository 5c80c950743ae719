import { describe, expect, it } from 'vitest';
import { daysUntil, formatRelative } from './format-time';

describe('time formatting', () => {
  it('counts calendar days to a date, negative once past', () => {
    const now = new Date(2026, 0, 10, 23, 30);
    expect(daysUntil('2026-01-10', now)).toBe(0);
    expect(daysUntil('2026-01-11', now)).toBe(1);
    expect(daysUntil('2026-02-09', now)).toBe(30);
    expect(daysUntil('2026-01-07', now)).toBe(-3);
  });

  it('says how long ago or until, in the largest whole unit', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(formatRelative('2026-01-10T11:59:40Z', now)).toBe('just now');
    expect(formatRelative('2026-01-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelative('2026-01-08T12:00:00Z', now)).toBe('2 days ago');
  });
});
