import type { OrganisationContext } from '../../../platform/http/context';
import { writer, type ResourceDeclaration } from '../../../platform/resource-kit';

/** The organisation's records of a named table by lower-cased name (the first of each name). */
export async function idsByName(ctx: OrganisationContext, table: string, names: string[]) {
  const found = new Map<string, string>();
  if (!names.length) return found;
  const { rows } = await ctx.db.query<{ id: string; key: string }>(
    `SELECT DISTINCT ON (lower(name)) id, lower(name) AS key FROM ${table}
      WHERE organisation_id = $1 AND lower(name) = ANY($2::text[])
      ORDER BY lower(name), created_at, id`,
    [ctx.organisationId, [...new Set(names.map((name) => name.toLowerCase()))]],
  );
  for (const row of rows) found.set(row.key, row.id);
  return found;
}

/** The ids of every name, creating (through the kit, audited) the names not there yet. */
export async function ensureNamed(
  ctx: OrganisationContext,
  resource: ResourceDeclaration,
  names: string[],
) {
  const found = await idsByName(ctx, resource.table, names);
  const missing = [...new Map(names.map((name) => [name.toLowerCase(), name])).entries()].filter(
    ([key]) => !found.has(key),
  );
  if (missing.length) {
    const ids = await writer(resource).insert(
      ctx,
      missing.map(([, name]) => ({ name })),
    );
    missing.forEach(([key], index) => found.set(key, ids[index]!));
  }
  return found;
}
