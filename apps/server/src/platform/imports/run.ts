import type {
  FieldError,
  ImportResult,
  ImportSummary,
  ImportSummaryRow,
} from '@fieldwork/contract';
import { fromZodError, validationFailure } from '../errors';
import type { OrganisationContext } from '../http/context';
import { readCsv, type CsvRow, type CsvTable } from './csv';
import type { ImportKind, ParsedRow, RowIssue } from './declaration';
import { recordImportedFile, type ImportedFileSource } from './imported-files';
import type { CsvSource } from './source';
import { StagedRows } from './staged-rows';
import type { ZodObject } from 'zod';

const issuesOf = (issues: Array<{ path: PropertyKey[]; message: string }>): RowIssue[] =>
  issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'row',
    message: issue.message,
  }));

/** Options come from the multipart fields, else the query string; bad ones are a 422 by name. */
export function parseOptions(
  kind: ImportKind,
  fields: Record<string, string>,
  search: URLSearchParams,
): unknown {
  // The body is a CSV or a multipart form (its schema is not an object the route registration
  // can check): a form field that names no option is refused here, as register.ts does.
  const known = Object.keys((kind.options as ZodObject | undefined)?.shape ?? {});
  const unknown = Object.keys(fields).filter((name) => !known.includes(name));
  if (unknown.length)
    throw validationFailure(
      unknown.map((field) => ({
        field,
        message: 'Not a field this call takes.',
        code: 'unknown_field',
      })),
    );
  if (!kind.options) return {};
  const given: Record<string, string> = {};
  for (const [name, value] of search) if (value !== '') given[name] = value;
  for (const [name, value] of Object.entries(fields)) if (value !== '') given[name] = value;
  const parsed = kind.options.safeParse(given);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

interface Plan {
  summary: ImportSummary;
  write: () => Promise<string[]>;
  documentId: string | null;
}

/**
 * Reads the file and works out, row by row, what an import would create and what it would
 * reject and why, without writing anything.
 */
export async function planImport(
  ctx: OrganisationContext,
  kind: ImportKind,
  source: CsvSource,
  search: URLSearchParams,
  /** The file already read (a queued import reads it before its transaction opens). */
  table?: CsvTable,
): Promise<Plan> {
  const options = parseOptions(kind, source.fields, search);
  const { rows, warnings } = table ?? readCsv(source.text, kind.columns);
  const issues = new Map<number, RowIssue[]>();
  const data = new Map<number, Record<string, unknown>>();
  const valid: ParsedRow<unknown>[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of rows) {
    data.set(line, { ...cells });
    const parsed = kind.row.safeParse(cells);
    if (!parsed.success) {
      issues.set(line, issuesOf(parsed.error.issues));
      continue;
    }
    data.set(line, { ...(parsed.data as Record<string, unknown>) });
    const key = kind.duplicateKey?.(parsed.data);
    const first = key ? firstLineOf.get(key) : undefined;
    if (key && first !== undefined) {
      issues.set(line, [
        {
          field: kind.duplicateField ?? kind.columns[0]!.key,
          message: `The same as line ${first} of this file.`,
        },
      ]);
      continue;
    }
    if (key) firstLineOf.set(key, line);
    valid.push({ line, value: parsed.data });
  }

  const resolution = await kind.resolve(ctx, valid, options);
  for (const [line, found] of resolution.rejections) {
    issues.set(line, [...(issues.get(line) ?? []), ...found]);
  }
  for (const [line, extra] of resolution.data ?? []) {
    data.set(line, { ...data.get(line), ...extra });
  }

  const summaryRows: ImportSummaryRow[] = rows.map(({ line }) => {
    const errors = issues.get(line) ?? [];
    return {
      row: line,
      status: errors.length ? 'reject' : 'create',
      data: data.get(line) ?? {},
      errors,
    };
  });
  const rejectCount = summaryRows.filter((row) => row.status === 'reject').length;
  return {
    summary: {
      rows: summaryRows,
      create_count: summaryRows.length - rejectCount,
      reject_count: rejectCount,
      columns: kind.columns.map(({ key, header }) => ({ key, header })),
      warnings,
    },
    write: resolution.write,
    documentId: resolution.documentId ?? null,
  };
}

/**
 * All or nothing: any rejected row is a 422 naming rows.<line>.<field>; otherwise every row is
 * created, and the file read is kept with its imported file's record (imported-files.ts).
 */
export async function runImport(
  ctx: OrganisationContext,
  kind: ImportKind,
  source: CsvSource,
  search: URLSearchParams,
  file: ImportedFileSource,
  table?: CsvTable,
): Promise<ImportResult> {
  const { summary, write, documentId } = await planImport(ctx, kind, source, search, table);
  const errors: FieldError[] = summary.rows.flatMap((row) =>
    row.errors.map((error) => ({
      field: `rows.${row.row}.${error.field}`,
      message: `Line ${row.row}: ${error.message}`,
      code: 'rejected_row',
    })),
  );
  if (errors.length) {
    throw validationFailure(
      errors,
      `${summary.reject_count} of ${summary.rows.length} rows would be rejected, so nothing was imported.`,
    );
  }
  if (summary.rows.length === 0) {
    throw validationFailure([
      { field: 'file', message: 'The file has no rows to import.', code: 'empty_file' },
    ]);
  }
  const ids = await write();
  await recordImportedFile(ctx, kind, file, { documentId, created: ids.length });
  return { created: ids.length, ids };
}

/** Rejected rows kept for the error body of a batched import; the rest are counted. */
const MAX_REPORTED_ROWS = 1000;

/**
 * A queued import of a kind with `batchRows`, read as a stream: each batch of rows is parsed,
 * checked against the file so far (duplicates) and resolved, and written while no row has been
 * rejected; after a rejection the rest is only checked. All or nothing still: the caller's
 * transaction rolls every batch back when any row is rejected (422 naming up to
 * MAX_REPORTED_ROWS rows). Memory holds one batch, the duplicate keys and the new ids. A kind
 * with a `unitKey` has its parsed rows staged in the transaction and resolved unit by unit
 * (staged-rows.ts), so the rows of one unit are never split between batches.
 */
export async function runImportInBatches(
  ctx: OrganisationContext,
  kind: ImportKind,
  rows: AsyncIterable<CsvRow>,
  fields: Record<string, string>,
  search: URLSearchParams,
  file: ImportedFileSource,
  progress: (done: number) => Promise<void>,
): Promise<ImportResult> {
  const options = parseOptions(kind, fields, search);
  const size = kind.batchRows ?? 5000;
  const firstLineOf = new Map<string, number>();
  const errors: Array<FieldError & { line: number }> = [];
  let rejected = 0;
  let total = 0;
  let documentId: string | null = null;
  const ids = new Set<string>();
  const staged = kind.unitKey ? new StagedRows(ctx.db) : null;
  let batch: ParsedRow<unknown>[] = [];
  const reject = (line: number, found: RowIssue[]) => {
    rejected += 1;
    if (rejected <= MAX_REPORTED_ROWS)
      for (const issue of found)
        errors.push({
          line,
          field: `rows.${line}.${issue.field}`,
          message: `Line ${line}: ${issue.message}`,
          code: 'rejected_row',
        });
  };
  const resolveBatch = async (rows: ParsedRow<unknown>[]) => {
    const resolution = await kind.resolve(ctx, rows, options);
    for (const [line, found] of resolution.rejections) reject(line, found);
    if (!rejected) for (const id of await resolution.write()) ids.add(id);
    documentId = resolution.documentId ?? documentId;
  };
  const flush = async () => {
    if (!batch.length) return;
    if (staged)
      await staged.add(batch.map((row) => ({ ...row, unit: kind.unitKey?.(row.value) ?? '' })));
    else await resolveBatch(batch);
    batch = [];
    await progress(total);
  };
  for await (const { line, cells } of rows) {
    total += 1;
    const parsed = kind.row.safeParse(cells);
    if (!parsed.success) {
      reject(line, issuesOf(parsed.error.issues));
      continue;
    }
    const key = kind.duplicateKey?.(parsed.data);
    const first = key ? firstLineOf.get(key) : undefined;
    if (key && first !== undefined) {
      reject(line, [
        {
          field: kind.duplicateField ?? kind.columns[0]!.key,
          message: `The same as line ${first} of this file.`,
        },
      ]);
      continue;
    }
    if (key) firstLineOf.set(key, line);
    batch.push({ line, value: parsed.data });
    if (batch.length >= size) await flush();
  }
  await flush();
  if (staged) for await (const rows of staged.batches(size)) await resolveBatch(rows);
  if (rejected)
    throw validationFailure(
      // in the file's order (staged units are resolved in their own order)
      errors.sort((a, b) => a.line - b.line).map(({ line: _line, ...error }) => error),
      `${rejected} of ${total} rows would be rejected, so nothing was imported.`,
    );
  if (total === 0)
    throw validationFailure([
      { field: 'file', message: 'The file has no rows to import.', code: 'empty_file' },
    ]);
  await recordImportedFile(ctx, kind, file, { documentId, created: ids.size });
  return { created: ids.size, ids: [...ids] };
}
