import type { OrganisationContext } from '../http/context';
import { withChildren } from './children';
import type { Expansion, ResourceDeclaration, Row } from './declaration';
import { presentRecord } from './present';
import { orderClause, Params, selectList, visibilitySql } from './sql';

const distinct = (rows: Row[], column: string) => [
  ...new Set(
    rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string'),
  ),
];

/** The record a foreign key names, e.g. a contact's client; null when unset. */
export function belongsTo(target: () => ResourceDeclaration, foreignKey: string): Expansion {
  return {
    async load(ctx, rows) {
      const declaration = target();
      const ids = distinct(rows, foreignKey);
      const params = new Params();
      const { rows: found } = ids.length
        ? await ctx.db.query<Row>(
            `SELECT ${selectList(declaration)} FROM ${declaration.table} t
              WHERE t.organisation_id = ${params.add(ctx.organisationId)} AND t.id = ANY(${params.add(ids)}::text[])${visibilitySql(declaration, ctx, params)}`,
            params.values,
          )
        : { rows: [] };
      const byId = new Map(found.map((row) => [row.id, presentRecord(declaration, row, ctx)]));
      return (row) => byId.get(row[foreignKey] as string) ?? null;
    },
  };
}

/**
 * The records pointing at each row, e.g. a client's contacts, in their default order, presented
 * from their declaration (with its own children); one query for a page of rows.
 */
export function hasMany(target: () => ResourceDeclaration, foreignKey: string): Expansion {
  return {
    async load(ctx: OrganisationContext, rows) {
      const declaration = target();
      const ids = rows.map((row) => row.id);
      const live = declaration.softDelete ? ' AND t.deleted_at IS NULL' : '';
      const params = new Params();
      const { rows: children } = ids.length
        ? await ctx.db.query<Row>(
            `SELECT ${selectList(declaration)}, t.${foreignKey} AS __parent FROM ${declaration.table} t
              WHERE t.organisation_id = ${params.add(ctx.organisationId)} AND t.${foreignKey} = ANY(${params.add(ids)}::text[])${live}${visibilitySql(declaration, ctx, params)}
              ORDER BY ${orderClause(declaration, { sort: [] })}`,
            params.values,
          )
        : { rows: [] };
      const byParent = new Map<string, Row[]>();
      const presented: Row[] = [];
      for (const { __parent, ...child } of children) {
        const list = byParent.get(__parent as string) ?? [];
        const record = presentRecord(declaration, child, ctx);
        list.push(record);
        presented.push(record);
        byParent.set(__parent as string, list);
      }
      // Their own children, e.g. a form section's fields: one query for all of them.
      await withChildren(ctx, declaration, presented);
      return (row) => byParent.get(row.id) ?? [];
    },
  };
}

/** A member as {id, name, email}, named by a user-id column such as owner_id. */
export function userRef(foreignKey: string): Expansion {
  return {
    async load(ctx, rows) {
      const ids = distinct(rows, foreignKey);
      const { rows: users } = ids.length
        ? await ctx.db.query<{ id: string; name: string; email: string }>(
            `SELECT u.id, u.name, u.email FROM users u
               JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1
              WHERE u.id = ANY($2::text[])`,
            [ctx.organisationId, ids],
          )
        : { rows: [] };
      const byId = new Map(users.map((user) => [user.id, user]));
      return (row) => byId.get(row[foreignKey] as string) ?? null;
    },
  };
}
