import { searchResultSchema, type SearchResult } from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { Params, quote } from '../../platform/resource-kit';
import { searchSections } from './search-sections';
import { HITS_ORDER, searchStatement, type SearchHit } from './search-sql';

const searchQuery = z.object({
  term: z
    .string({ error: 'A search term is required.' })
    .trim()
    .min(1, 'A search term is required.')
    .max(100, 'A search term has at most 100 characters.'),
});

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
/** A hit as json_agg writes it: its time as text. */
type JsonHit = Omit<SearchHit, 'archived_at'> & { archived_at: string | null };

const isGuest = (ctx: OrganisationContext) =>
  ctx.membership.guest || ctx.membership.role === 'GUEST';

/**
 * GET /search: clients and projects whose name (or project reference) contains the term; the
 * other sections (jobs, job sheets) from the modules registered in searchSections, each a nested
 * SELECT of the one statement.
 */
export async function search(ctx: OrganisationContext, term: string): Promise<SearchResult> {
  const statement = searchStatement(ctx.organisationId, term, isGuest(ctx) ? ctx.user.id : null);
  const params = new Params();
  for (const value of statement.values) params.add(value);
  const sections = searchSections.all();
  const columns = [
    `(SELECT coalesce(json_agg(hits ORDER BY ${HITS_ORDER}), '[]'::json)
        FROM (${statement.text}) hits) AS hits`,
    ...sections.map((section) => `(${section.sql(ctx, term, params)}) AS ${quote(section.key)}`),
  ];
  const { rows } = await ctx.db.query<Record<string, unknown> & { hits: JsonHit[] }>(
    `SELECT ${columns.join(',\n')}`,
    params.values,
  );
  const answer = rows[0]!;
  const result: SearchResult = { clients: [], projects: [], jobs: [], jobSheets: [] };
  for (const { kind, id, name, reference, client_name, archived_at } of answer.hits) {
    if (kind === 'client') result.clients.push({ id, name, archived_at: iso(archived_at) });
    else result.projects.push({ id, name, reference, client_name, archived_at: iso(archived_at) });
  }
  for (const section of sections) Object.assign(result, { [section.key]: answer[section.key] });
  return result;
}

export const searchRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/search',
    access: 'organisation',
    minRole: 'GUEST',
    accessNote:
      'guests: only projects they are members of (and their jobs), no clients; operatives: only their own jobs',
    tags: ['Search'],
    summary:
      'Clients and projects whose name (or project reference) contains term, at most 10 of each: live before archived, prefix matches first; a term of 1 or 2 characters matches prefixes only. Jobs the caller sees whose reference contains term or whose number it is (42 or #42), newest first, at most 10',
    query: searchQuery,
    response: searchResultSchema,
    handler: (ctx, { query }) => search(ctx, query.term),
  }),
];
