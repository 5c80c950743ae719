import type { OrganisationContext } from '../../http/context';
import type { Row } from '../declaration';
import { keyIn, Params, quote, visibilitySql } from '../sql';
import type { ReadScope } from './scope';

/** The records of ids the caller sees, presented, in the order asked; the rest left out. */
export async function findMany(
  { declaration, from, select, presentAll }: ReadScope,
  ctx: OrganisationContext,
  ids: string[],
  options: { withDeleted?: boolean } = {},
) {
  if (ids.length === 0) return [];
  const live = declaration.softDelete && !options.withDeleted ? ' AND t.deleted_at IS NULL' : '';
  const params = new Params();
  // A path id may name the record by an alternate key (a member by membership id): each row
  // carries those columns for the lookup, dropped before it is presented.
  const alternates = declaration.key?.alternates ?? [];
  const match = [keyIn(declaration, params, ids)];
  const ref = alternates.length ? params.add(ids) : '';
  for (const column of alternates) match.push(`t.${quote(column)} = ANY(${ref}::text[])`);
  const { rows } = await ctx.db.query<Row>(
    `SELECT ${select}${alternates.map((column, i) => `, t.${quote(column)} AS "__alt${i}"`).join('')} FROM ${from}
        WHERE t.organisation_id = ${params.add(ctx.organisationId)} AND (${match.join(' OR ')})${live}${visibilitySql(declaration, ctx, params)}`,
    params.values,
  );
  const named = new Map<string, string>();
  for (const row of rows) {
    alternates.forEach((_, i) => {
      named.set(String(row[`__alt${i}`]), row.id);
      delete row[`__alt${i}`];
    });
  }
  const byId = new Map((await presentAll(ctx, rows)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? byId.get(named.get(id) ?? '') ?? []);
}
