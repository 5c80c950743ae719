import { searchResultSchema, type SearchResult } from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { clientsSearch, projectsSearch, type Statement } from './search-sql';

const searchQuery = z.object({
  term: z
    .string({ error: 'A search term is required.' })
    .trim()
    .min(1, 'A search term is required.')
    .max(100, 'A search term has at most 100 characters.'),
});

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

/** The statements of a search (the bench runs them directly); guests ask no clients. */
export function searchStatements(
  organisationId: string,
  term: string,
  guestUserId: string | null,
): { clients: Statement | null; projects: Statement } {
  return {
    clients: guestUserId ? null : clientsSearch(term),
    projects: projectsSearch(organisationId, term, guestUserId),
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
      'Clients and projects whose name (or project reference) contains term, at most 10 of each: live before archived, prefix matches first; a term of 1 or 2 characters matches prefixes only',
    query: searchQuery,
    response: searchResultSchema,
    handler: (ctx, { query }) => search(ctx, query.term),
  }),
];
