import type { AuditAction, BulkFailure, FieldError } from '@fieldwork/contract';
import { recordAudit, type BeforeImages } from '../audit';
import { AppError, validationFailure } from '../errors';
import type { OrganisationContext } from '../http/context';
import { newId } from '../ids';
import { writableColumns, type ResourceDeclaration, type Row } from './declaration';
import { filesOf } from './files';
import { keyColumn, Params, quote } from './sql';

export const notFoundReason = (label: string) => ({
  reason: `${label} not found.`,
  code: 'not_found',
});

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

/** Scoped writes of one declared resource; each writes its audit entry in the same transaction. */
export function writer(declaration: ResourceDeclaration) {
  const { table } = declaration;
  const collection = declaration.auditCollection ?? declaration.name;
  // A keyed resource's statements find rows by its key; audit entries name the row's own id.
  const key = quote(keyColumn(declaration));
  const live = declaration.softDelete ? ' AND deleted_at IS NULL' : '';
  const liveAsT = declaration.softDelete ? ' AND t.deleted_at IS NULL' : '';

  /** Foreign keys must name a record of this organisation: otherwise a 422 naming the field. */
  async function checkReferences(
    ctx: OrganisationContext,
    values: Record<string, unknown>[],
    prefix = '',
  ) {
    const errors: FieldError[] = [];
    for (const [column, target] of Object.entries(declaration.references ?? {})) {
      const ids = [
        ...new Set(
          values.map((value) => value[column]).filter((id): id is string => typeof id === 'string'),
        ),
      ];
      if (ids.length === 0) continue;
      const { rows } = await ctx.db.query<{ id: string }>(
        `SELECT id FROM ${target.table} WHERE organisation_id = $1 AND id = ANY($2::text[])${target.live ? ` AND ${target.live}` : ''}`,
        [ctx.organisationId, ids],
      );
      const found = new Set(rows.map((row) => row.id));
      values.forEach((value, index) => {
        const id = value[column];
        if (typeof id === 'string' && !found.has(id)) {
          const field = [prefix && `${prefix}.${index}`, column].filter(Boolean).join('.');
          errors.push({ field, message: `${target.label} not found.`, code: 'not_found' });
        }
      });
    }
    if (errors.length) throw validationFailure(errors);
  }

  async function prepare(
    ctx: OrganisationContext,
    values: Record<string, unknown>,
    existing: Row | null,
  ) {
    return declaration.rules?.beforeWrite
      ? declaration.rules.beforeWrite(ctx, values, existing)
      : values;
  }

  async function insert(ctx: OrganisationContext, inputs: Record<string, unknown>[], prefix = '') {
    const prepared: Record<string, unknown>[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        prepared.push(await prepare(ctx, input, null));
      } catch (error) {
        throw prefixed(error, prefix && `${prefix}.${index}`);
      }
    }
    await checkReferences(ctx, prepared, prefix);
    const ids = prepared.map(() => newId());
    for (const statement of insertStatements(ctx, ids, prepared)) await ctx.db.query(...statement);
    await declaration.rules?.afterInsert?.(
      ctx,
      ids.map((id, index) => ({ id, input: inputs[index]! })),
    );
    await recordAudit(ctx, collection, ids, 'CREATE');
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
            (column, i) =>
              ` AND ${quote(column)} IS NOT DISTINCT FROM ${params.add(groupValues[i])}`,
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

  async function update(ctx: OrganisationContext, existing: Row, input: Record<string, unknown>) {
    const values = await prepare(ctx, input, existing);
    const columns = Object.keys(values).filter((key) => values[key] !== undefined);
    await checkReferences(ctx, [values]);
    if (columns.length === 0) return;
    const { rows } = await ctx.db.query<AuditedRow>(
      `WITH audit_before AS (SELECT to_jsonb(b) AS audit_before_image
                               FROM ${table} b WHERE b.organisation_id = $1 AND b.${key} = $2)
       UPDATE ${table} SET ${columns.map((c, i) => `${quote(c)} = $${i + 3}`).join(', ')}, updated_at = now()
         FROM audit_before WHERE organisation_id = $1 AND ${key} = $2
       RETURNING ${key} AS id, id AS row_id, audit_before_image`,
      [ctx.organisationId, existing.id, ...columns.map((column) => values[column])],
    );
    const changes = Object.fromEntries(
      columns.map((column) => [column, { from: existing[column], to: values[column] }]),
    );
    await declaration.rules?.afterUpdate?.(ctx, existing, values);
    await audit(ctx, rows, 'UPDATE', changes);
  }

  /** Runs a set-based UPDATE over ids; answers which ids it touched and why the rest failed. */
  async function bulkUpdate(
    ctx: OrganisationContext,
    ids: string[],
    assignment: string,
    action: AuditAction,
    condition = live,
    extra: unknown[] = [],
  ) {
    const { rows } = await ctx.db.query<AuditedRow>(
      `WITH audit_before AS (SELECT b.id AS audit_id, to_jsonb(b) AS audit_before_image
                               FROM ${table} b WHERE b.organisation_id = $1 AND b.${key} = ANY($2::text[]))
       UPDATE ${table} SET ${assignment}, updated_at = now() FROM audit_before
        WHERE organisation_id = $1 AND id = audit_id${condition}
       RETURNING ${key} AS id, id AS row_id, audit_before_image`,
      [ctx.organisationId, ids, ...extra],
    );
    const done = new Set(rows.map((row) => row.id));
    await audit(ctx, rows, action);
    return split(ids, done);
  }

  function split(ids: string[], done: Set<string>) {
    const failed: BulkFailure[] = ids
      .filter((id) => !done.has(id))
      .map((id) => ({ id, ...notFoundReason(declaration.label) }));
    return { done: ids.filter((id) => done.has(id)), failed };
  }

  const archive = (ctx: OrganisationContext, ids: string[]) =>
    bulkUpdate(ctx, ids, 'archived_at = coalesce(archived_at, now())', 'ARCHIVE');
  const unarchive = (ctx: OrganisationContext, ids: string[]) =>
    bulkUpdate(ctx, ids, 'archived_at = NULL', 'UNARCHIVE');
  const restore = (ctx: OrganisationContext, ids: string[]) =>
    bulkUpdate(ctx, ids, 'deleted_at = NULL', 'RESTORE', '');

  async function remove(ctx: OrganisationContext, requested: string[], force: boolean) {
    const ids = [...new Set(requested)];
    const { rows } = await ctx.db.query<AuditedRow>(
      `SELECT t.${key} AS id, t.id AS row_id, to_jsonb(t) AS audit_before_image FROM ${table} t
        WHERE t.organisation_id = $1 AND t.${key} = ANY($2::text[])${liveAsT}`,
      [ctx.organisationId, ids],
    );
    const existing = new Set(rows.map((row) => row.id));
    const failed: BulkFailure[] = ids
      .filter((id) => !existing.has(id))
      .map((id) => ({ id, ...notFoundReason(declaration.label) }));
    let deletable = ids.filter((id) => existing.has(id));
    if (force) {
      await declaration.rules?.beforeForceDelete?.(ctx, deletable);
    } else if (declaration.rules?.deleteBlockers && deletable.length) {
      const blockers = await declaration.rules.deleteBlockers(ctx, deletable);
      for (const [id, why] of blockers)
        failed.push(typeof why === 'string' ? { id, reason: why, code: 'in_use' } : { id, ...why });
      deletable = deletable.filter((id) => !blockers.has(id));
    }
    if (deletable.length) {
      await ctx.db.query(
        declaration.softDelete
          ? `UPDATE ${table} SET deleted_at = now(), updated_at = now() WHERE organisation_id = $1 AND ${key} = ANY($2::text[])`
          : `DELETE FROM ${table} WHERE organisation_id = $1 AND ${key} = ANY($2::text[])`,
        [ctx.organisationId, deletable],
      );
      const deleted = new Set(deletable);
      const before = rows
        .filter((row) => deleted.has(row.id))
        .map((row) => row.audit_before_image as Row);
      await declaration.rules?.afterDelete?.(ctx, deletable, before);
      const files = filesOf(declaration);
      if (files && !declaration.softDelete)
        files.removeLater(
          ctx,
          before.flatMap((row) => files.held(row)),
        );
      const action = force ? 'FORCE_DELETE' : 'DELETE';
      await audit(
        ctx,
        rows.filter((row) => deleted.has(row.id)),
        action,
      );
    }
    return { deleted: deletable, failed };
  }

  async function duplicate(ctx: OrganisationContext, ids: string[]) {
    const order = declaration.order;
    const columns = writableColumns(declaration).filter((column) => column !== order?.column);
    // A copy goes to the end of its original's group.
    const orderSelect = order
      ? [
          `(SELECT coalesce(max(s.${quote(order.column)}) + 1, 0) FROM ${table} s WHERE s.organisation_id = t.organisation_id${(order.groupBy ?? []).map((c) => ` AND s.${quote(c)} IS NOT DISTINCT FROM t.${quote(c)}`).join('')})`,
        ]
      : [];
    const created = new Map<string, string>();
    for (const id of ids) {
      const copy = newId();
      const select = [
        ...columns.map((column) =>
          column === 'name' ? `t.name || ' (copy)'` : `t.${quote(column)}`,
        ),
        ...orderSelect,
      ];
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO ${table} (id, organisation_id${[...columns, ...(order ? [order.column] : [])].map((c) => `, ${quote(c)}`).join('')})
         SELECT $3, t.organisation_id${select.map((s) => `, ${s}`).join('')}
           FROM ${table} t WHERE t.organisation_id = $1 AND t.id = $2${liveAsT}
         RETURNING id`,
        [ctx.organisationId, id, copy],
      );
      if (rows[0]) created.set(id, copy);
    }
    if (created.size && declaration.rules?.afterDuplicate) {
      const copies = [...created].map(([from, to]) => ({ from, to }));
      await declaration.rules.afterDuplicate(ctx, copies);
    }
    await recordAudit(ctx, collection, [...created.values()], 'DUPLICATE');
    return { created, ...split(ids, new Set(created.keys())) };
  }

  async function move(ctx: OrganisationContext, ids: string[], parentId: string) {
    const parent = declaration.parent!;
    await checkReferences(ctx, [{ [parent.column]: parentId }]);
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT id FROM ${parent.table} WHERE organisation_id = $1 AND id = $2`,
      [ctx.organisationId, parentId],
    );
    if (!rows[0]) {
      throw validationFailure([
        { field: parent.column, message: `${parent.label} not found.`, code: 'not_found' },
      ]);
    }
    return bulkUpdate(ctx, ids, `${quote(parent.column)} = $3`, 'MOVE', live, [parentId]);
  }

  /**
   * Positions follow the order of ids within each sibling group; siblings left out of the list
   * follow the listed ones in their current order, so positions stay unique and gapless. Ids
   * that are not this organisation's live records fail.
   */
  async function reorder(ctx: OrganisationContext, ids: string[]) {
    const column = quote(declaration.order!.column);
    const group = (declaration.order!.groupBy ?? []).map(quote);
    const sameGroup = group.map((c) => ` AND s.${c} IS NOT DISTINCT FROM l.${c}`).join('');
    const liveAsS = declaration.softDelete ? ' AND s.deleted_at IS NULL' : '';
    const { rows } = await ctx.db.query<{
      id: string;
      listed: boolean;
      audit_before_image: unknown;
    }>(
      `WITH listed AS (
         SELECT t.id, min(o.position) AS position${group.map((c) => `, t.${c}`).join('')}
           FROM ${table} t JOIN unnest($2::text[]) WITH ORDINALITY AS o (id, position) ON o.id = t.id
          WHERE t.organisation_id = $1${liveAsT}
          GROUP BY t.id${group.map((c) => `, t.${c}`).join('')}),
       ranked AS (
         SELECT s.id, l2.id IS NOT NULL AS listed, to_jsonb(s) AS audit_before_image,
                row_number() OVER (
                  PARTITION BY ${group.length ? group.map((c) => `s.${c}`).join(', ') : '1'}
                  ORDER BY l2.position NULLS LAST, s.${column}, s.id) - 1 AS position
           FROM ${table} s LEFT JOIN listed l2 ON l2.id = s.id
          WHERE s.organisation_id = $1${liveAsS}
            AND EXISTS (SELECT 1 FROM listed l WHERE true${sameGroup}))
       UPDATE ${table} t SET ${column} = r.position, updated_at = now()
         FROM ranked r
        WHERE t.organisation_id = $1 AND t.id = r.id
          AND (r.listed OR t.${column} IS DISTINCT FROM r.position)
       RETURNING t.id, r.listed, r.audit_before_image`,
      [ctx.organisationId, ids],
    );
    const done = new Set(rows.filter((row) => row.listed).map((row) => row.id));
    await recordAudit(ctx, collection, [...done], 'REORDER', null, imagesOf(rows));
    return split(ids, done);
  }

  /** One entry per row written, naming the row's own id, with its image as it was. */
  const audit = (
    ctx: OrganisationContext,
    rows: AuditedRow[],
    action: AuditAction,
    changes: Record<string, unknown> | null = null,
  ) =>
    recordAudit(
      ctx,
      collection,
      rows.map((row) => row.row_id),
      action,
      changes,
      new Map(rows.map((row) => [row.row_id, row.audit_before_image])),
    );

  return {
    audit,
    checkReferences,
    insert,
    update,
    archive,
    unarchive,
    restore,
    remove,
    duplicate,
    move,
    reorder,
  };
}

/** A written row: its record id (key), its own id and its image before the write. */
export interface AuditedRow {
  id: string;
  row_id: string;
  audit_before_image: unknown;
}

/** Before-images read alongside a write (column audit_before_image), by record id. */
function imagesOf(rows: Array<{ id: string; audit_before_image: unknown }>): BeforeImages {
  return new Map(rows.map((row) => [row.id, row.audit_before_image]));
}
