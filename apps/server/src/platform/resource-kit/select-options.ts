import { selectOptionSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, StreamedBody, type RouteDef } from '../http/route';
import { parseListQuery } from '../list-query/parse';
import type { ResourceDeclaration } from './declaration';
import { reader } from './repository';

/**
 * GET /select_options/{name}: every record of a resource as {id, name, archived_at} for pickers,
 * streamed from a cursor so a large organisation's list is never held in memory. Reads a narrow
 * view of the declaration (three columns, none of its computed fields, finish or expansions).
 * filter[search] and filter[archived] work when the resource declares search and archiving.
 */
export function selectOptionsRoute(
  declaration: ResourceDeclaration,
  options: { name: string; tags: string[] },
): RouteDef {
  const { name, archived_at } = declaration.fields;
  if (!name) throw new Error(`${declaration.name} has no name field for select options`);
  const narrow = reader({
    ...declaration,
    fields: { name, ...(archived_at ? { archived_at } : {}) },
    expand: {},
    children: undefined,
    present: undefined,
    finish: undefined,
  });
  const filters = [declaration.search && 'search', declaration.archivable && 'archived'].filter(
    (filter): filter is string => typeof filter === 'string',
  );
  return route({
    method: 'GET',
    path: `/select_options/${options.name}`,
    access: 'organisation',
    minRole: declaration.access.read,
    tags: [...options.tags, 'Select options'],
    summary: `Every ${declaration.label.toLowerCase()} as {id, name, archived_at} for pickers${
      filters.length ? ` (${filters.map((filter) => `filter[${filter}]`).join(', ')})` : ''
    }`,
    list: { filters, sorts: [], expands: [], sums: [] },
    response: z.object({ data: z.array(selectOptionSchema) }),
    handler: async (ctx, { search }) => {
      const parsed = parseListQuery(search);
      // Expansions and sums are not served here: naming one is the same 400 a list gives.
      narrow.checkQuery(ctx, parsed);
      const query = { ...parsed, page: { all: true as const }, withIds: false };
      const chunks = narrow.streamRows(ctx, query);
      return new StreamedBody(
        'application/json; charset=utf-8',
        (async function* () {
          let first = true;
          yield '{"data":[';
          for await (const rows of chunks) {
            const chunk = rows.map((row) =>
              JSON.stringify({ id: row.id, name: row.name, archived_at: row.archived_at ?? null }),
            );
            yield (first ? '' : ',') + chunk.join(',');
            first = false;
          }
          yield ']}';
        })(),
      );
    },
  });
}
