import { recordAudit } from '../../audit';
import type { OrganisationContext } from '../../http/context';
import { newId } from '../../ids';
import { writableColumns } from '../declaration';
import { quote } from '../sql';
import { split, type WriteScope } from './scope';

/** A copy of each live record of ids ("(copy)" after a name), audited DUPLICATE. */
export async function duplicate(scope: WriteScope, ctx: OrganisationContext, ids: string[]) {
  const { declaration, table, liveAsT } = scope;
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
  await recordAudit(ctx, scope.collection, [...created.values()], 'DUPLICATE');
  return { created, ...split(scope, ids, new Set(created.keys())) };
}
