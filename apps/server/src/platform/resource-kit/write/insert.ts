import { recordAudit } from '../../audit';
import { AppError, validationFailure } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import { newId } from '../../ids';
import { Params, quote } from '../sql';
import { checkReferences, prepare } from './references';
import type { WriteScope } from './scope';

/** A rule's 422 about one item of a batch names the item: "owner_id" becomes "data.2.owner_id". */
function prefixed(error: unknown, prefix: string): unknown {
  if (!prefix || !(error instanceof AppError) || !error.errors) return error;
  return validationFailure(
    error.errors.map((item) => ({ ...item, field: `${prefix}.${item.field}` })),
  );
}

/** PostgreSQL takes at most this many parameters in one statement (a 16-bit count on the wire). */
export const MAX_STATEMENT_PARAMETERS = 65_535;

/**
 * The [from, to) row ranges of a set inserted in as few statements as `maxParameters` allows,
 * each row taking at most `perRow` parameters and each statement one more (the organisation).
 */
export function batchesOf(count: number, perRow: number, maxParameters: number) {
  const size = Math.max(1, Math.floor((maxParameters - 1) / perRow));
  const batches: Array<[number, number]> = [];
  for (let from = 0; from < count; from += size) batches.push([from, Math.min(from + size, count)]);
  return batches;
}

/** Inserts the set (rules first, references checked), audited CREATE; answers the new ids. */
export async function insert(
  scope: WriteScope,
  ctx: OrganisationContext,
  inputs: Record<string, unknown>[],
  prefix = '',
) {
  const { declaration } = scope;
  const prepared: Record<string, unknown>[] = [];
  for (const [index, input] of inputs.entries()) {
    try {
      prepared.push(await prepare(declaration, ctx, input, null));
    } catch (error) {
      throw prefixed(error, prefix && `${prefix}.${index}`);
    }
  }
  await checkReferences(declaration, ctx, prepared, prefix);
  const ids = prepared.map(() => newId());
  for (const statement of insertStatements(scope, ctx, ids, prepared))
    await ctx.db.query(...statement);
  await declaration.rules?.afterInsert?.(
    ctx,
    ids.map((id, index) => ({ id, input: inputs[index]! })),
  );
  await recordAudit(ctx, scope.collection, ids, 'CREATE');
  return ids;
}

/**
 * One INSERT for the whole set (create_many costs one statement, not one per row), or as few as
 * PostgreSQL's limit on a statement's parameters allows: a large set (a queued import's) is
 * inserted in batches, one after the other in the caller's transaction. A column a row leaves
 * out takes its DEFAULT; an ordered resource's rows go to the end of their sibling group,
 * numbered in the order sent.
 */
function insertStatements(
  { declaration, table }: WriteScope,
  ctx: OrganisationContext,
  ids: string[],
  rows: Record<string, unknown>[],
): Array<[string, unknown[]]> {
  const order = declaration.order;
  const given = (row: Record<string, unknown>, column: string) => row[column] !== undefined;
  const columns = [
    ...new Set(rows.flatMap((row) => Object.keys(row).filter((c) => given(row, c)))),
  ];
  const ordered = order && !columns.includes(order.column) ? order : undefined;
  // a row's parameters at most: its id, its columns, its sibling group's values
  const perRow = 1 + columns.length + (ordered?.groupBy?.length ?? 0);
  const names = ['id', 'organisation_id', ...columns, ...(ordered ? [ordered.column] : [])];
  return batchesOf(rows.length, perRow, MAX_STATEMENT_PARAMETERS).map(([from, to]) => {
    const params = new Params();
    const organisation = params.add(ctx.organisationId);
    // an earlier batch's rows are already in the table: max() counts them
    const positions = new Map<string, number>();
    const tuples = rows.slice(from, to).map((row, index) => {
      const cells = [params.add(ids[from + index]), organisation];
      for (const column of columns)
        cells.push(given(row, column) ? params.add(row[column]) : 'DEFAULT');
      if (ordered) {
        const groupValues = (ordered.groupBy ?? []).map((column) => row[column] ?? null);
        const key = JSON.stringify(groupValues);
        const offset = positions.get(key) ?? 0;
        positions.set(key, offset + 1);
        const group = (ordered.groupBy ?? []).map(
          (column, i) => ` AND ${quote(column)} IS NOT DISTINCT FROM ${params.add(groupValues[i])}`,
        );
        cells.push(
          `(SELECT coalesce(max(${quote(ordered.column)}) + 1, 0) + ${offset} FROM ${table} WHERE organisation_id = ${organisation}${group.join('')})`,
        );
      }
      return `(${cells.join(', ')})`;
    });
    return [
      `INSERT INTO ${table} (${names.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`,
      params.values,
    ];
  });
}
