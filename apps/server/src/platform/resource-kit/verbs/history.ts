import { badRequest } from '../../errors';
import type { RouteDef } from '../../http/route';
import { parseListQuery } from '../../list-query/parse';
import { auditEntriesResource } from '../audit-trail/entries.resource';
import type { Row } from '../declaration';
import { reader } from '../repository';
import { filterNames, quote, sortNames } from '../sql';
import { listEnvelope, type VerbKit } from './kit';

const entries = reader(auditEntriesResource);
/** What a record's history may be filtered and sorted by: its entries' own kinds and times. */
const HISTORY_FILTERS = ['action', 'performed_by_user_id', 'performed_by_type', 'undone'];

/**
 * GET /{name}/{id}/history: the audit entries of one record, newest first, to whoever may read
 * the record (the kit's verb for every entity it serves, not a route per module). Each entry's
 * changes are limited to the record's own fields, and it says whether the caller may undo it.
 */
export function historyRoutes(kit: VerbKit): RouteDef[] {
  const { declaration } = kit;
  if (!kit.has('get') || declaration === auditEntriesResource) return [];
  const collection = declaration.auditCollection ?? declaration.name;
  const shown = new Set([
    ...Object.keys(declaration.fields),
    ...Object.keys(declaration.update.shape),
  ]);
  return [
    kit.readRoute({
      path: `${kit.basePath}/:id/history`,
      summary: `The changes made to a ${declaration.label.toLowerCase()}, newest first`,
      params: kit.idParams,
      list: {
        filters: filterNames(auditEntriesResource).filter((name) => HISTORY_FILTERS.includes(name)),
        sorts: sortNames(auditEntriesResource),
        sums: [],
        expands: [],
      },
      response: listEnvelope(auditEntriesResource.record),
      handler: async (ctx, { params, search }) => {
        // the whole query is checked before the record is looked for (list-queries.test)
        const query = parseListQuery(search);
        entries.checkQuery(ctx, query);
        const other = [...query.filters.keys()].find((name) => !HISTORY_FILTERS.includes(name));
        if (other)
          throw badRequest(
            `A history is filtered by ${HISTORY_FILTERS.join(', ')}, not ${other}.`,
            'bad_filter',
          );
        const parentId = await kit.parentOf(ctx, params);
        const record = await kit.loadOne(ctx, params.id, parentId);
        query.filters.set('collection_name', [collection]);
        query.filters.set('document_id', [await rowIdOf(kit, ctx, record)]);
        const page = await entries.list(ctx, { ...query, withIds: false, sum: [] });
        return {
          ...page,
          data: page.data.map((entry) => ({ ...entry, changes: onlyShown(entry.changes, shown) })),
        };
      },
    }),
  ];
}

/** The row's own id, which audit entries name (a keyed record's id is another column). */
async function rowIdOf(kit: VerbKit, ctx: Parameters<VerbKit['loadOne']>[0], record: Row) {
  const { declaration } = kit;
  if (!declaration.key) return record.id;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM ${declaration.table} WHERE organisation_id = $1 AND ${quote(declaration.key.column)} = $2`,
    [ctx.organisationId, record.id],
  );
  return rows[0]?.id ?? record.id;
}

/** An entry's {field: {from, to}} changes less the columns the record does not show. */
function onlyShown(changes: unknown, shown: Set<string>): unknown {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return changes ?? null;
  return Object.fromEntries(Object.entries(changes).filter(([field]) => shown.has(field)));
}
