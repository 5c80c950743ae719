import type { JobSheetFieldValue } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime } from '../../ui/format-time';
import { displayValue } from './sheet-display';

const dateAnswer = (value_date: string | null) =>
  ({ type: 'DATE', value_date, photos: [] }) as unknown as JobSheetFieldValue;

describe('a date answer on the sheet', () => {
  it('reads as the app’s other dates do, never as 2026-11-28', () => {
    expect(displayValue(dateAnswer('2026-11-28'), undefined)).toBe(
      formatCalendarDate('2026-11-28'),
    );
    expect(displayValue(dateAnswer('2026-11-28'), undefined)).not.toBe('2026-11-28');
    expect(displayValue(dateAnswer('2026-11-28T14:05:00.000Z'), undefined)).toBe(
      formatDateTime('2026-11-28T14:05:00.000Z'),
    );
    expect(displayValue(dateAnswer(null), undefined)).toBe('');
  });
});
