import { searchResultSchema, type SearchResult } from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';

export const SEARCH_GROUP_LIMIT = 10;

const searchQuery = z.object({
  term: z
    .string({ error: 'A search term is required.' })
    .trim()
    .min(1, 'A search term is required.')
    .max(100, 'A search term has at most 100 characters.'),
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The LIKE patterns of a term. One character is matched as a prefix only: as a substring it
 * matches nearly every row, which is no help to anyone typing and cannot use a trigram index.
 */
export function searchPatterns(term: string): { match: string; prefix: string } {
  const escaped = escapeLike(term);
  const prefix = `${escaped}%`;
  return { match: term.length === 1 ? prefix : `%${escaped}%`, prefix };
}

// Order within a group: live before archived, prefix matches before inner ones, shorter names,
// then the name. Both statements filter with ILIKE so the trigram indexes (*_trgm_idx) serve them.
const CLIENTS_SQL = `SELECT c.id, c.name, c.archived_at
  FROM clients c
 WHERE c.organisation_id = $1 AND c.name ILIKE $2
 ORDER BY c.archived_at IS NOT NULL, c.name NOT ILIKE $3, length(c.name), lower(c.name), c.id
 LIMIT ${SEARCH_GROUP_LIMIT}`;

// Guests ($4 set) see only the projects they are members of. The client's name is looked up for
// the page of ten only.
const PROJECTS_SQL = `SELECT p.id, p.name, p.reference, c.name AS client_name, p.archived_at
  FROM (SELECT p.id, p.organisation_id, p.client_id, p.name, p.reference, p.archived_at,
               p.archived_at IS NOT NULL AS archived,
               NOT (p.name ILIKE $3 OR coalesce(p.reference ILIKE $3, false)) AS inner_match
          FROM projects p
         WHERE p.organisation_id = $1 AND p.deleted_at IS NULL
           AND (p.name ILIKE $2 OR p.reference ILIKE $2)
           AND ($4::text IS NULL OR EXISTS (
                 SELECT 1 FROM project_members pm
                  WHERE pm.organisation_id = p.organisation_id AND pm.project_id = p.id
                    AND pm.user_id = $4))
         ORDER BY archived, inner_match, length(p.name), lower(p.name), p.id
         LIMIT ${SEARCH_GROUP_LIMIT}) p
  LEFT JOIN clients c ON c.organisation_id = p.organisation_id AND c.id = p.client_id
 ORDER BY p.archived, p.inner_match, length(p.name), lower(p.name), p.id`;

interface ClientHit {
  id: string;
  name: string;
  archived_at: Date | null;
}
interface ProjectHit extends ClientHit {
  reference: string | null;
  client_name: string | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const isGuest = (ctx: OrganisationContext) =>
  ctx.membership.guest || ctx.membership.role === 'GUEST';

interface Statement {
  text: string;
  values: unknown[];
}

/** The statements of a search (the bench runs them directly); guests ask no clients. */
export function searchStatements(
  organisationId: string,
  term: string,
  guestUserId: string | null,
): { clients: Statement | null; projects: Statement } {
  const { match, prefix } = searchPatterns(term);
  return {
    clients: guestUserId ? null : { text: CLIENTS_SQL, values: [organisationId, match, prefix] },
    projects: { text: PROJECTS_SQL, values: [organisationId, match, prefix, guestUserId] },
  };
}

/** GET /search: clients and projects whose name (or project reference) contains the term. */
export async function search(ctx: OrganisationContext, term: string): Promise<SearchResult> {
  const statements = searchStatements(ctx.organisationId, term, isGuest(ctx) ? ctx.user.id : null);
  const clients = statements.clients
    ? (await ctx.db.query<ClientHit>(statements.clients.text, statements.clients.values)).rows
    : [];
  const { rows: projects } = await ctx.db.query<ProjectHit>(
    statements.projects.text,
    statements.projects.values,
  );
  return {
    clients: clients.map((row) => ({ ...row, archived_at: iso(row.archived_at) })),
    projects: projects.map((row) => ({ ...row, archived_at: iso(row.archived_at) })),
    // Jobs and job sheets join the answer when those entities exist.
    jobs: [],
    jobSheets: [],
  };
}

export const searchRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/search',
    access: 'organisation',
    minRole: 'GUEST',
    accessNote: 'guests: only projects they are members of, no clients',
    tags: ['Search'],
    summary:
      'Clients and projects whose name (or project reference) contains term, at most 10 of each: live before archived, prefix matches first; a 1-character term matches prefixes only',
    query: searchQuery,
    response: searchResultSchema,
    handler: (ctx, { query }) => search(ctx, query.term),
  }),
];
