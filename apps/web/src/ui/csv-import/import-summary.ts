import type { ImportSummary, ImportSummaryRow } from '@fieldwork/contract';

/** Importing is offered only for a file whose every row would be created (imports are all or nothing). */
export function canImport(summary: ImportSummary | null | undefined): boolean {
  return Boolean(summary && summary.reject_count === 0 && summary.create_count > 0);
}

/** A summary value as table text: empty for nothing, yes/no for flags, numbers as written. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return JSON.stringify(value);
}

/** The row's values in the kind's column order (what the table under each header shows). */
export function rowCells(row: ImportSummaryRow, columns: ImportSummary['columns']): string[] {
  return columns.map((column) => cellText(row.data[column.key]));
}

/** "Line 3 · Country: Unknown country" lines for a rejected row, with the column's header. */
export function rowProblems(row: ImportSummaryRow, columns: ImportSummary['columns']): string[] {
  return row.errors.map((error) => {
    const header = columns.find((column) => column.key === error.field)?.header;
    return header ? `${header}: ${error.message}` : error.message;
  });
}

/** What the dialog says about a checked file. */
export function summaryHeadline(summary: ImportSummary, noun: (count: number) => string): string {
  if (summary.rows.length === 0) return 'The file has no rows to import.';
  if (summary.reject_count === 0) return `Ready to import ${noun(summary.create_count)}.`;
  return `${summary.reject_count} of ${summary.rows.length} rows have problems. Fix them in the file and choose it again: an import takes every row or none.`;
}
