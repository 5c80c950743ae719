/**
 * The statements of GET /search. Matches are ranked in four tiers: live records starting with the
 * term, live ones containing it, then the same two for archived records; within a tier shorter
 * names first, then the name. Each tier is its own LIMIT 10 branch so PostgreSQL can serve it
 * from an index (migration 20261123T0530-search-indexes.sql) and stop early:
 *   - "starts with" reads the btree prefix ranges on lower(...), materialised once for both tiers;
 *   - "contains" walks the rank index (length, name) until ten rows match when the term is common,
 *     or reads the trigram index and sorts the few matches when it is rare (the planner chooses).
 */

export const SEARCH_GROUP_LIMIT = 10;
/** Shorter terms match the start of a name or reference only: a trigram needs three characters. */
export const SUBSTRING_MIN_LENGTH = 3;

export interface Statement {
  text: string;
  values: unknown[];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The LIKE patterns of a term: its prefix, and its substring when the term is long enough. */
export function searchPatterns(term: string): { prefix: string; contains: string | null } {
  const escaped = escapeLike(term);
  return {
    prefix: `${escaped}%`,
    contains: term.length >= SUBSTRING_MIN_LENGTH ? `%${escaped}%` : null,
  };
}

interface Searched {
  /** e.g. "projects p" */
  from: string;
  /** Conditions every match meets: organisation, not deleted, guest's projects. */
  scope: string;
  /** The columns each tier returns; they include archived_at and name. */
  columns: string;
  /** Text columns matched (the first is the name). */
  matched: string[];
  prefix: string;
  contains: string | null;
}

const anyOf = (parts: string[]) => `(${parts.join(' OR ')})`;
const rankOrder = (alias: string) =>
  `ORDER BY length(${alias}.name), lower(${alias}.name), ${alias}.id LIMIT ${SEARCH_GROUP_LIMIT}`;

/** WITH … SELECT tier, columns FROM the four tiers (not yet ordered across tiers). */
function rankedTiers(s: Searched): string {
  const startsWith = anyOf(s.matched.map((column) => `lower(${column}) LIKE lower(${s.prefix})`));
  const alias = s.from.split(' ')[1]!;
  const prefixTier = (tier: number, archived: boolean) =>
    `(SELECT ${tier} AS tier, h.* FROM prefixed h
       WHERE h.archived_at IS ${archived ? 'NOT ' : ''}NULL ${rankOrder('h')})`;
  const containsTier = (tier: number, archived: boolean, contains: string) =>
    `(SELECT ${tier} AS tier, ${s.columns} FROM ${s.from}
       WHERE ${s.scope} AND ${alias}.archived_at IS ${archived ? 'NOT ' : ''}NULL
         AND ${anyOf(s.matched.map((column) => `${column} ILIKE ${contains}`))}
         AND NOT ${anyOf(s.matched.map((column) => `coalesce(lower(${column}) LIKE lower(${s.prefix}), false)`))}
       ${rankOrder(alias)})`;
  const tiers = s.contains
    ? [
        prefixTier(0, false),
        containsTier(1, false, s.contains),
        prefixTier(2, true),
        containsTier(3, true, s.contains),
      ]
    : [prefixTier(0, false), prefixTier(2, true)];
  return `WITH prefixed AS MATERIALIZED (
      SELECT ${s.columns} FROM ${s.from} WHERE ${s.scope} AND ${startsWith})
    SELECT * FROM (${tiers.join('\n UNION ALL ')}) hits`;
}

const ACROSS_TIERS = `ORDER BY hits.tier, length(hits.name), lower(hits.name), hits.id LIMIT ${SEARCH_GROUP_LIMIT}`;

function patternValues(term: string, values: unknown[]) {
  const { prefix, contains } = searchPatterns(term);
  const prefixParam = `$${values.push(prefix)}`;
  const containsParam = contains === null ? null : `$${values.push(contains)}`;
  return { prefix: prefixParam, contains: containsParam };
}

export function clientsSearch(organisationId: string, term: string): Statement {
  const values: unknown[] = [organisationId];
  const tiers = rankedTiers({
    from: 'clients c',
    scope: 'c.organisation_id = $1',
    columns: 'c.id, c.name, c.archived_at',
    matched: ['c.name'],
    ...patternValues(term, values),
  });
  return {
    text: `SELECT hits.id, hits.name, hits.archived_at FROM (${tiers}) hits ${ACROSS_TIERS}`,
    values,
  };
}

/** Projects not deleted; a guest's (guestUserId set) only those they are a member of. */
export function projectsSearch(
  organisationId: string,
  term: string,
  guestUserId: string | null,
): Statement {
  const values: unknown[] = [organisationId];
  const patterns = patternValues(term, values);
  const guest = guestUserId
    ? ` AND p.id IN (SELECT pm.project_id FROM project_members pm
          WHERE pm.organisation_id = $1 AND pm.user_id = $${values.push(guestUserId)})`
    : '';
  const tiers = rankedTiers({
    from: 'projects p',
    scope: `p.organisation_id = $1 AND p.deleted_at IS NULL${guest}`,
    columns: 'p.id, p.organisation_id, p.client_id, p.name, p.reference, p.archived_at',
    matched: ['p.name', 'p.reference'],
    ...patterns,
  });
  // The client's name is looked up for the ten answered only.
  return {
    text: `SELECT hits.id, hits.name, hits.reference, c.name AS client_name, hits.archived_at
             FROM (${tiers}) hits
             LEFT JOIN clients c ON c.organisation_id = hits.organisation_id AND c.id = hits.client_id
            ${ACROSS_TIERS}`,
    values,
  };
}
