import type { OrganisationContext } from '../../platform/http/context';

/** Records that keep another record in use while they are live, e.g. projects on a site. */
export interface Usage {
  table: string;
  /** The column naming the record in use. */
  column: string;
  /** Singular and plural, for the sentence: "project" / "projects". */
  noun: [string, string];
  /** More SQL over the alias `u` a row must meet to count (beyond deleted_at IS NULL). */
  condition?: string;
}

const MAX_NAMED = 3;

function sentence(noun: [string, string], count: number, names: string[]) {
  const shown = names.slice(0, MAX_NAMED).join(', ');
  const more = count > MAX_NAMED ? ', …' : '';
  return `${count} ${count === 1 ? noun[0] : noun[1]} (${shown}${more})`;
}

/**
 * Why each id may not be deleted: a sentence naming the live records that use it, e.g.
 * "The site is still used by 1 project (Tower) and 2 blocks (A, B)." Ids in use by nothing
 * are absent. One query per kind of usage, whatever the number of ids.
 */
export async function inUseReasons(
  ctx: OrganisationContext,
  ids: string[],
  label: string,
  usages: Usage[],
): Promise<Map<string, string>> {
  const parts = new Map<string, string[]>();
  for (const usage of usages) {
    const { rows } = await ctx.db.query<{ id: string; count: number; names: string[] }>(
      `SELECT u.${usage.column} AS id, count(*)::int AS count,
              (array_agg(u.name ORDER BY lower(u.name), u.id))[1:${MAX_NAMED}] AS names
         FROM ${usage.table} u
        WHERE u.organisation_id = $1 AND u.${usage.column} = ANY($2::text[])
          AND u.deleted_at IS NULL${usage.condition ? ` AND ${usage.condition}` : ''}
        GROUP BY u.${usage.column}`,
      [ctx.organisationId, ids],
    );
    for (const row of rows) {
      const list = parts.get(row.id) ?? [];
      list.push(sentence(usage.noun, row.count, row.names));
      parts.set(row.id, list);
    }
  }
  return new Map(
    [...parts].map(([id, list]) => [
      id,
      `The ${label.toLowerCase()} is still used by ${list.join(' and ')}; take it off them first.`,
    ]),
  );
}
