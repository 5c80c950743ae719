import { describe, expect, it } from 'vitest';
import { NO_ATTRIBUTE_VALUES } from '../../test/fixtures';
import { attributeText } from './attribute-display';

const blank = { attribute_id: 'shift', ...NO_ATTRIBUTE_VALUES };
const definitions = [
  {
    id: 'shift',
    options: [
      { id: 'opt-day', name: 'Day' },
      { id: 'opt-night', name: 'Night' },
    ],
  },
];

describe('attributeText', () => {
  it("shows a choice's label, not its stored id", () => {
    expect(attributeText({ ...blank, value_option: 'opt-night' }, definitions)).toBe('Night');
    expect(attributeText({ ...blank, value_options: ['opt-day', 'opt-night'] }, definitions)).toBe(
      'Day, Night',
    );
  });
  it('falls back to the stored value (a name from a CSV, or options not loaded yet)', () => {
    expect(attributeText({ ...blank, value_option: 'Night' }, definitions)).toBe('Night');
    expect(attributeText({ ...blank, value_option: 'opt-day' })).toBe('opt-day');
  });
  it('shows other types as text', () => {
    expect(attributeText({ ...blank, value_boolean: false })).toBe('No');
    expect(attributeText({ ...blank, value_number: 3 })).toBe('3');
    expect(attributeText(blank)).toBeNull();
  });
});
