import { z } from 'zod';
import { AppError } from '../errors';
import type { ParsedRow, Resolution, RowIssue } from './declaration';

/** An optional text cell: absent → null, longer than `max` → an issue. */
export const textCell = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value ?? null);

/**
 * An optional cell that `read` turns into a value: absent → null; when `read` answers null, the
 * cell's issue is `message` of its text.
 */
export const checkedCell = <T>(
  read: (text: string) => T | null,
  message: (text: string) => string,
) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return null;
      const parsed = read(value);
      if (parsed === null) {
        context.addIssue({ code: 'custom', message: message(value) });
        return z.NEVER;
      }
      return parsed;
    });

/**
 * The field errors of a check that throws a 422 (a declaration's own rule), as a row's issues;
 * `field` puts them all on one column. Any other error is thrown on.
 */
export function issuesOf(check: () => unknown, field?: string): RowIssue[] {
  try {
    check();
    return [];
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    return error.errors.map(({ field: named, message }) => ({ field: field ?? named, message }));
  }
}

/** What one row resolves to: its issues (which reject it), what the summary shows, what to write. */
export interface ResolvedRow<Input> {
  issues: RowIssue[];
  shown?: Record<string, unknown>;
  input?: Input;
}

/**
 * The resolve step of an import whose rows stand alone once looked up: each row resolved on its
 * own, then every input written at once (the platform writes only when no row is rejected).
 */
export function resolveEach<T, Input>(
  rows: ParsedRow<T>[],
  resolveRow: (value: T) => ResolvedRow<Input>,
  write: (inputs: Input[]) => Promise<string[]>,
): Resolution {
  const rejections = new Map<number, RowIssue[]>();
  const data = new Map<number, Record<string, unknown>>();
  const inputs: Input[] = [];
  for (const { line, value } of rows) {
    const resolved = resolveRow(value);
    if (resolved.issues.length) rejections.set(line, resolved.issues);
    if (resolved.shown) data.set(line, resolved.shown);
    if (resolved.input !== undefined) inputs.push(resolved.input);
  }
  return { rejections, data, write: () => write(inputs) };
}
