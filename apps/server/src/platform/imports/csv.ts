import { MAX_IMPORT_ROWS } from '@fieldwork/contract';
import { parse as parseStream } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import { once } from 'node:events';
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

  const { keys, warnings } = headerKeys(header.record, columns);
  const rows = body.map(({ record, info }) => csvRow(record, info.lines, keys));
  return { rows, warnings };
}

/** One record's cells by column key (empty cells absent) and the line it starts on. */
export function csvRow(record: string[], endLine: number, keys: Array<string | null>): CsvRow {
  const cells: Cells = {};
  record.forEach((value, index) => {
    const key = keys[index];
    const trimmed = value.trim();
    if (key && trimmed) cells[key] = trimmed;
  });
  // endLine is where the record ends; a quoted value may span lines
  const spanned = record.reduce((sum, value) => sum + (value.match(/\n/g)?.length ?? 0), 0);
  return { line: endLine - spanned, cells };
}

/**
 * The header row's columns as the import's keys (null for a column not used), with a warning
 * for each unknown or repeated one; a file without a required column is a 422 on `file`.
 */
export function headerKeys(header: string[], columns: ImportColumn[]) {
  const byHeader = new Map(columns.map((column) => [headerKey(column.header), column]));
  for (const column of columns) byHeader.set(headerKey(column.key), column);
  const warnings: ImportWarning[] = [];
  const taken = new Set<string>();
  const keys = header.map((raw) => {
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

  return { keys, warnings };
}

/**
 * Reads a CSV from a stream, record by record, never holding the file: the header first (its
 * separator detected from the header line), then every record as a row of cells. At most
 * `maxRows` rows (a 422 on `file` past that).
 */
export async function* streamCsv(
  source: AsyncIterable<Buffer>,
  columns: ImportColumn[],
  maxRows: number,
  onWarnings: (warnings: ImportWarning[]) => void,
): AsyncGenerator<CsvRow> {
  const iterator = source[Symbol.asyncIterator]();
  // Enough of the file for the header line, to detect its separator.
  let head = Buffer.alloc(0);
  while (!/\r?\n/.test(head.toString('utf8')) && head.length < 1024 * 1024) {
    const next = await iterator.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const headText = decodeCsv(head);
  const parser = parseStream({
    bom: true,
    delimiter: detectDelimiter(headText.replace(/^\uFEFF/, '')),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  });
  const rest = (async function* () {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  const feeding = (async () => {
    for await (const chunk of rest) if (!parser.write(chunk)) await once(parser, 'drain');
    parser.end();
  })();
  feeding.catch((error: unknown) => parser.destroy(error as Error));
  let keys: Array<string | null> | null = null;
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!keys) {
        const mapped = headerKeys(record, columns);
        keys = mapped.keys;
        onWarnings(mapped.warnings);
        continue;
      }
      count += 1;
      if (count > maxRows)
        throw fileError(
          `The file has more than ${maxRows} rows; an import takes at most ${maxRows}.`,
        );
      yield csvRow(record, info.lines, keys);
    }
  } catch (error) {
    if (error instanceof CsvError) throw fileError(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  await feeding;
  if (!keys) throw fileError('The file is empty: it needs a header row and a row per record.');
}
