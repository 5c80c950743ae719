import type { ImportSummary } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { canImport, cellText, rowCells, rowProblems, summaryHeadline } from './import-summary';

const columns = [
  { key: 'name', header: 'Name' },
  { key: 'country', header: 'Country' },
  { key: 'block_exists', header: 'Existing block' },
];
const summary = (rows: ImportSummary['rows']): ImportSummary => ({
  rows,
  create_count: rows.filter((row) => row.status === 'create').length,
  reject_count: rows.filter((row) => row.status === 'reject').length,
  columns,
  warnings: [],
});
const good = {
  row: 2,
  status: 'create' as const,
  data: { name: 'Wharf', country: 'GB' },
  errors: [],
};
const bad = {
  row: 3,
  status: 'reject' as const,
  data: { name: 'Bad', country: 'Narnia' },
  errors: [
    { field: 'country', message: 'Unknown country' },
    { field: 'row', message: 'Something else' },
  ],
};
const noun = (count: number) => `${count} site${count === 1 ? '' : 's'}`;

describe('import summaries', () => {
  it('allow importing only when every row would be created', () => {
    expect(canImport(summary([good]))).toBe(true);
    expect(canImport(summary([good, bad]))).toBe(false);
    expect(canImport(summary([]))).toBe(false);
    expect(canImport(null)).toBe(false);
  });

  it('show values in column order and problems under their headers', () => {
    expect(rowCells({ ...good, data: { ...good.data, block_exists: true } }, columns)).toEqual([
      'Wharf',
      'GB',
      'yes',
    ]);
    expect(rowProblems(bad, columns)).toEqual(['Country: Unknown country', 'Something else']);
    expect([cellText(null), cellText(53.1), cellText(false)]).toEqual(['', '53.1', 'no']);
  });

  it('say what happens next', () => {
    expect(summaryHeadline(summary([good]), noun)).toBe('Ready to import 1 site.');
    expect(summaryHeadline(summary([good, bad]), noun)).toMatch(/^1 of 2 rows have problems/);
    expect(summaryHeadline(summary([]), noun)).toBe('The file has no rows to import.');
  });
});
