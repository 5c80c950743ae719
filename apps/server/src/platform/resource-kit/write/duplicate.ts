import { recordAudit } from '../../audit';
import type { OrganisationContext } from '../../http/context';
import { newId } from '../../ids';
import { writableColumns } from '../declaration';
import { quote } from '../sql';
import { split, type WriteScope } from './scope';

/**
 * A copy of each live record of ids ("(copy)" after a name), audited DUPLICATE; or the
 * declaration's own copy (`copy.rows`) where copying columns is not enough.
 */
export async function duplicate(
  scope: WriteScope,
  ctx: OrganisationContext,
  ids: string[],
  body: Record<string, unknown> = {},
) {
  const { declaration, table, liveAsT } = scope;
  if (declaration.copy?.rows) {
    const copied = await declaration.copy.rows(ctx, ids, body);
    return { created: copied, ...split(scope, ids, new Set(copied.keys())) };
  }
  const order = declaration.order;
  const columns = (declaration.copy?.columns ?? writableColumns(declaration)).filter(
    (column) => column !== order?.column,
  );
  // A copy goes to the end of its original's group.
  const orderSelect = order
    ? [
        `(SELECT coalesce(max(s.${quote(order.column)}) + 1, 0) FROM ${table} s WHERE s.organisation_id = t.organisation_id${(order.groupBy ?? []).map((c) => ` AND s.${quote(c)} IS NOT DISTINCT FROM t.${quote(c)}`).join('')})`,
      ]
    : [];
  const created = new Map<string, string>();
  for (const id of ids) {
    const copy = newId();
    const values: unknown[] = [ctx.organisationId, id, copy];
    const sets = (await declaration.copy?.sets?.(ctx)) ?? {};
    const copied = columns.filter((column) => !(column in sets));
    const select = [
      ...copied.map((column) => (column === 'name' ? `t.name || ' (copy)'` : `t.${quote(column)}`)),
      ...Object.values(sets).map((value) => `$${values.push(value)}`),
      ...orderSelect,
    ];
    const names = [...copied, ...Object.keys(sets), ...(order ? [order.column] : [])];
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO ${table} (id, organisation_id${names.map((c) => `, ${quote(c)}`).join('')})
         SELECT $3, t.organisation_id${select.map((s) => `, ${s}`).join('')}
           FROM ${table} t WHERE t.organisation_id = $1 AND t.id = $2${liveAsT}
         RETURNING id`,
      values,
    );
    if (rows[0]) created.set(id, copy);
  }
  if (created.size && declaration.rules?.afterDuplicate) {
    const copies = [...created].map(([from, to]) => ({ from, to }));
    await declaration.rules.afterDuplicate(ctx, copies);
  }
  await recordAudit(ctx, scope.collection, [...created.values()], 'DUPLICATE');
  return { created, ...split(scope, ids, new Set(created.keys())) };
}
