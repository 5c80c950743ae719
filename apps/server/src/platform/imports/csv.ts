import { MAX_IMPORT_ROWS } from '@fieldwork/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { validationFailure } from '../errors';
import type { Cells, ImportColumn } from './declaration';

export interface CsvRow {
  line: number;
  cells: Cells;
}

export interface ImportWarning {
  column: string;
  message: string;
}

export interface CsvTable {
  rows: CsvRow[];
  warnings: ImportWarning[];
}

const fileError = (message: string, code = 'invalid_csv') =>
  validationFailure([{ field: 'file', message, code }], message);

/** "Address line 1", "address_line_1" and "AddressLine1" are the same header. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** UTF-8 (with or without a BOM); bytes that are not UTF-8 are read as Windows-1252, as Excel saves. */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the header line: a comma, or the semicolon or tab some spreadsheets write. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((char) => [char, unquoted.split(char).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * Reads a CSV into rows of cells keyed by the import's column keys. The header row names the
 * columns (any order, any case); unknown columns become warnings, missing required ones and
 * malformed files a 422 on `file`. Blank rows are skipped; each row keeps the line it starts on.
 */
export function readCsv(
  text: string,
  columns: ImportColumn[],
  maxRows = MAX_IMPORT_ROWS,
): CsvTable {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw fileError(
        `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error.message}`,
      );
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw fileError('The file is empty: it needs a header row and a row per record.');
  if (body.length > maxRows) {
    throw fileError(`The file has ${body.length} rows; an import takes at most ${maxRows}.`);
  }

  const byHeader = new Map(columns.map((column) => [headerKey(column.header), column]));
  for (const column of columns) byHeader.set(headerKey(column.key), column);
  const warnings: ImportWarning[] = [];
  const taken = new Set<string>();
  const keys = header.record.map((raw) => {
    const name = raw.trim();
    const column = byHeader.get(headerKey(name));
    if (!name) return null;
    if (!column) {
      warnings.push({ column: name, message: `The column "${name}" is not used and is ignored.` });
      return null;
    }
    if (taken.has(column.key)) {
      warnings.push({
        column: name,
        message: `The column "${name}" appears twice; only the first is read.`,
      });
      return null;
    }
    taken.add(column.key);
    return column.key;
  });
  const missing = columns.filter((column) => column.required && !taken.has(column.key));
  if (missing.length) {
    const names = missing.map((column) => `"${column.header}"`).join(', ');
    throw fileError(
      `The file has no ${names} column${missing.length > 1 ? 's' : ''}; the template shows the columns.`,
      'missing_columns',
    );
  }

  const rows = body.map(({ record, info }) => {
    const cells: Cells = {};
    record.forEach((value, index) => {
      const key = keys[index];
      const trimmed = value.trim();
      if (key && trimmed) cells[key] = trimmed;
    });
    // info.lines is where the record ends; a quoted value may span lines
    const spanned = record.reduce((sum, value) => sum + (value.match(/\n/g)?.length ?? 0), 0);
    return { line: info.lines - spanned, cells };
  });
  return { rows, warnings };
}
