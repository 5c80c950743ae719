import {
  auditEntrySchema,
  bulkFailureSchema,
  deletionSchema,
  idSchema,
  idsBodySchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../errors';
import { route, type HttpMethod, type RouteDef } from '../../http/route';
import { parseListQuery } from '../../list-query/parse';
import { reader } from '../repository';
import { resourceRoutes } from '../routes';
import { listBin, purgeFromBin, restoreFromBin } from './deletions';
import { auditEntriesResource } from './entries.resource';
import { undoEntry } from './undo';

const AUDIT_TAGS = ['Audit entry'];
const DELETION_TAGS = ['Deletion'];
const idParams = z.object({ id: idSchema });
const listMeta = z.object({
  total: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
});

/**
 * The audit trail (issue 27, item 4): the organisation's entries (admins), undo of one entry
 * where it is safe, and the deletions bin (field-work §7 `deletions`) with restore and delete for
 * good, one and many. Each record's own history is the kit's history verb.
 */
export function auditTrailRoutes(): RouteDef[] {
  const entries = reader(auditEntriesResource);
  return [
    ...resourceRoutes(auditEntriesResource),
    route({
      method: 'POST',
      path: '/audit_entries/:id/undo',
      access: 'organisation',
      minRole: 'MANAGER',
      accessNote: 'and the entity’s own permission for the change that undoes it',
      tags: AUDIT_TAGS,
      summary: 'Undo one change: the record takes back its earlier values or state',
      params: idParams,
      response: z.object({ data: auditEntrySchema }),
      handler: async (ctx, { params }) => {
        await undoEntry(ctx, params.id);
        const [entry] = await entries.findMany(ctx, [params.id]);
        if (!entry) throw notFound('Audit entry');
        return { data: entry };
      },
    }),
    route({
      method: 'GET',
      path: '/deletions',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: DELETION_TAGS,
      summary: 'Deleted records that can be restored, newest deletion first',
      list: { filters: ['collection_name', 'search'], sorts: [], sums: [], expands: [] },
      response: z.object({ data: z.array(deletionSchema), meta: listMeta }),
      handler: (ctx, { search }) => listBin(ctx, parseListQuery(search)),
    }),
    route({
      method: 'GET',
      path: '/deletions/:id',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: DELETION_TAGS,
      summary: 'One deleted record in the bin',
      params: idParams,
      response: z.object({ data: deletionSchema }),
      handler: async (ctx, { params }) => {
        const [deletion] = (await listBin(ctx, parseListQuery(new URLSearchParams()), params.id))
          .data;
        if (!deletion) throw notFound('Deletion');
        return { data: deletion };
      },
    }),
    ...bulkRoutes(['POST', 'PUT'], 'restore', 'restored', 'MANAGER', restoreFromBin),
    ...bulkRoutes(['DELETE'], null, 'deleted', 'ADMIN', purgeFromBin),
  ];
}

/** /deletions/{id}[/verb] and /deletions/{verb}_many (delete_many for a purge). */
function bulkRoutes(
  methods: HttpMethod[],
  verb: string | null,
  past: string,
  minRole: 'MANAGER' | 'ADMIN',
  apply: typeof restoreFromBin | typeof purgeFromBin,
): RouteDef[] {
  const what = verb ? 'Restore' : 'Delete for good';
  const one = methods.map((method) =>
    route({
      method,
      path: verb ? `/deletions/:id/${verb}` : '/deletions/:id',
      access: 'organisation',
      minRole,
      tags: DELETION_TAGS,
      summary: `${what} one deleted record`,
      params: idParams,
      response: z.object({ [past]: z.array(idSchema), failed: z.array(bulkFailureSchema) }),
      handler: async (ctx, { params }) => {
        const result = await apply(ctx, [params.id]);
        const failure = result.failed[0];
        if (failure?.code === 'not_found') throw notFound('Deletion');
        return result;
      },
    }),
  );
  const many = (verb ? methods : ['POST' as const, 'DELETE' as const]).map((method) =>
    route({
      method,
      path: `/deletions/${verb ?? 'delete'}_many`,
      access: 'organisation',
      minRole,
      tags: DELETION_TAGS,
      summary: `${what} several deleted records`,
      body: idsBodySchema,
      response: z.object({ [past]: z.array(idSchema), failed: z.array(bulkFailureSchema) }),
      handler: (ctx, { body }) => apply(ctx, body.ids),
    }),
  );
  return [...one, ...many];
}
