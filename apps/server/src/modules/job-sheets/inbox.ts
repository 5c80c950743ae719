import {
  INBOX_SECTION_LIMIT,
  inboxQuerySchema,
  inboxSchema,
  type Inbox,
} from '@fieldwork/contract';
import { extensionPoint } from '../../platform/extension-point';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader } from '../../platform/resource-kit';
import { jobsResource } from '../jobs';
import { jobSheetsResource } from './job-sheets.resource';

/** The organisation's today (its time zone; UTC when unset), as YYYY-MM-DD. */
async function today(ctx: OrganisationContext) {
  const { rows } = await ctx.db.query<{ today: string }>(
    `SELECT to_char(now() AT TIME ZONE coalesce(nullif(options->>'timezone', ''), 'UTC'), 'YYYY-MM-DD') AS today
       FROM organisations WHERE id = $1`,
    [ctx.organisationId],
  );
  return rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}

/**
 * One section: how many match and the first `size` of them; with size 0 only the count, one
 * count(*) that reads and presents no rows.
 */
async function section(
  ctx: OrganisationContext,
  resource: typeof jobSheetsResource,
  query: Record<string, string>,
  size: number,
) {
  if (size === 0) {
    const { filters } = parseListQuery(new URLSearchParams(query));
    return { count: await reader(resource).count(ctx, { filters }), data: [] };
  }
  const parsed = parseListQuery(new URLSearchParams({ ...query, 'page[size]': String(size) }));
  const page = await reader(resource).list(ctx, parsed);
  return { count: page.meta.total, data: page.data };
}

/**
 * The inbox's outstanding documents, provided by the documents module (src/modules.ts wires
 * it), so job sheets never import documents: {count, data} with at most `size` items.
 */
export const inboxOutstandingDocuments = extensionPoint<
  (ctx: OrganisationContext, size: number) => Promise<{ count: number; data: unknown[] }>
>('inboxOutstandingDocuments');

/** GET /inbox: what waits for the signed-in member, at most `size` items per section. */
export async function inbox(
  ctx: OrganisationContext,
  size: number = INBOX_SECTION_LIMIT,
): Promise<Inbox> {
  const me = ctx.user.id;
  const [awaiting, rejected, jobs, documents] = await Promise.all([
    section(
      ctx,
      jobSheetsResource,
      { 'filter[awaiting_my_approval]': 'true', sort: 'submitted_at' },
      size,
    ),
    section(
      ctx,
      jobSheetsResource,
      { 'filter[operative_id]': me, 'filter[status]': 'REJECTED', sort: '-rejected_at' },
      size,
    ),
    section(
      ctx,
      jobsResource,
      {
        'filter[operative_id]': me,
        'filter[date]': await today(ctx),
        'filter[status]': 'AWAITING,IN_PROGRESS',
        sort: 'number',
      },
      size,
    ),
    inboxOutstandingDocuments.get()(ctx, size),
  ]);
  const total = awaiting.count + rejected.count + jobs.count + documents.count;
  return {
    awaiting_approval: awaiting,
    rejected,
    jobs_due_today: jobs,
    outstanding_documents: documents,
    meta: { total },
  } as Inbox;
}

export const inboxRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/inbox',
    access: 'organisation',
    minRole: 'GUEST',
    tags: ['Inbox'],
    summary: `What waits for the signed-in member: submitted job sheets at a stage they can approve, their own rejected sheets, their jobs due today, the documents they are asked to sign (each {count, data: the first page[size], at most ${INBOX_SECTION_LIMIT}}), and meta.total; page[size]=0 answers the counts alone`,
    query: inboxQuerySchema,
    response: inboxSchema,
    handler: (ctx, { query }) => inbox(ctx, query['page[size]']),
  }),
];
