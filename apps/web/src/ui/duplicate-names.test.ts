import { describe, expect, it } from 'vitest';
import { pickerData } from '../features/projects/project-options-api';
import { duplicateNames } from './duplicate-names';

describe('clients of one name', () => {
  it('finds names more than one record carries, ignoring case and spaces', () => {
    const twins = duplicateNames([
      { name: 'Acme Roofing' },
      { name: 'acme  roofing ' },
      { name: 'Northwind' },
    ]);
    expect([...twins]).toEqual(['Acme Roofing', 'acme  roofing ']);
  });

  it('tells twins apart in pickers by a short reference, and leaves other names alone', () => {
    const options = pickerData([
      { id: 'aaaaaaaaaaaaaaaaaa111111', name: 'Acme Roofing', archived_at: null },
      { id: 'bbbbbbbbbbbbbbbbbb222222', name: 'Acme Roofing', archived_at: null },
      { id: 'cccccccccccccccccc333333', name: 'Northwind', archived_at: null },
    ]);
    expect(options.map((option) => option.label)).toEqual([
      'Acme Roofing (ref 111111)',
      'Acme Roofing (ref 222222)',
      'Northwind',
    ]);
  });
});
