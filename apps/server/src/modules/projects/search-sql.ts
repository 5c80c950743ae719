/**
 * The statements of GET /search. The ranking and the index work live in two SQL functions,
 * search_clients and search_projects (migrations 20261123T0540 and 20261123T0600): under
 * row-level security the API's role cannot use LIKE as an index condition, so the matching runs
 * as the functions' owner, scoped to the request's organisation. They answer at most ten rows
 * ranked in tiers (live starting with the term, live containing it, archived starting with it,
 * archived containing it; then shorter names, then the name).
 */

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

export interface SearchHit {
  kind: 'client' | 'project';
  id: string;
  name: string;
  reference: string | null;
  client_name: string | null;
  archived_at: Date | null;
}

const CLIENTS = `SELECT 'client' AS kind, s.tier, s.id, s.name, NULL::text AS reference,
         NULL::text AS client_name, s.archived_at
    FROM search_clients($2, $3) s`;
// The client's name is looked up for the ten projects answered only, under the caller's policies.
const PROJECTS = `SELECT 'project' AS kind, s.tier, s.id, s.name, s.reference,
         c.name AS client_name, s.archived_at
    FROM search_projects($2, $3, $4) s
    LEFT JOIN clients c ON c.organisation_id = $1 AND c.id = s.client_id`;

/** How hits are ranked within each group (a column list over the hits of searchStatement). */
export const HITS_ORDER = 'kind, tier, length(name), lower(name), id';

/**
 * One statement (one round trip) for both groups, ranked within each; guests (guestUserId set)
 * get no clients and only the projects they are members of.
 */
export function searchStatement(
  organisationId: string,
  term: string,
  guestUserId: string | null,
): Statement {
  const { prefix, contains } = searchPatterns(term);
  return {
    text: `SELECT * FROM (${guestUserId ? '' : `${CLIENTS} UNION ALL `}${PROJECTS}) hits
      ORDER BY ${HITS_ORDER}`,
    values: [organisationId, prefix, contains, guestUserId],
  };
}
