import { selectOptionSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, StreamedBody } from '../../platform/http/route';
import { parseListQuery } from '../../platform/list-query/parse';
import { exportCsv, withBodyQuery } from '../../platform/resource-kit/export-csv';
import { reader } from '../../platform/resource-kit/repository';
import { resourceRoutes } from '../../platform/resource-kit/routes';
import { clientsResource } from './clients.resource';
import { contactsResource } from './contacts.resource';

const exportBody = z
  .object({
    filter: z
      .record(
        z.string(),
        z.union([
          z.string(),
          z.number(),
          z.boolean(),
          z.null(),
          z.array(z.union([z.string(), z.number()])),
        ]),
      )
      .optional(),
    sort: z.string().optional(),
  })
  .optional();

const CLIENT_CSV_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'owner_name', header: 'Owner' },
  { key: 'project_count', header: 'Projects' },
  { key: 'last_activity_at', header: 'Last activity' },
  { key: 'archived_at', header: 'Archived at' },
  { key: 'created_at', header: 'Created at' },
  { key: 'updated_at', header: 'Updated at' },
];

// Select options need three columns, not the computed ones: a narrower view of the same resource.
const clientOptions = reader({
  ...clientsResource,
  fields: { name: clientsResource.fields.name!, archived_at: clientsResource.fields.archived_at! },
});

export const clientRoutes = () => [
  ...resourceRoutes(clientsResource),
  ...resourceRoutes(contactsResource),
  route({
    method: 'POST',
    path: '/exports/clients_csv',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Client', 'Exports'],
    summary:
      'Export the clients matching the list filters (query or body {filter, sort}) as CSV; answers {url}',
    body: exportBody,
    response: z.object({ url: z.string() }),
    handler: async (ctx, { body, search }) =>
      exportCsv(ctx, {
        name: 'clients',
        columns: CLIENT_CSV_COLUMNS,
        rows: reader(clientsResource).streamRows,
        query: { ...parseListQuery(withBodyQuery(search, body)), expand: [] },
      }),
  }),
  route({
    method: 'GET',
    path: '/select_options/clients',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Client', 'Select options'],
    summary:
      'Every client as {id, name, archived_at} for pickers (filter[search], filter[archived])',
    list: { filters: ['search', 'archived'], sorts: [], expands: [], sums: [] },
    response: z.object({ data: z.array(selectOptionSchema) }),
    handler: async (ctx, { search }) => {
      const query = {
        ...parseListQuery(search),
        page: { all: true as const },
        withIds: false,
        sum: [],
      };
      return new StreamedBody(
        'application/json; charset=utf-8',
        (async function* () {
          let first = true;
          yield '{"data":[';
          for await (const rows of clientOptions.streamRows(ctx, query)) {
            const options = rows.map(({ id, name, archived_at }) =>
              JSON.stringify({ id, name, archived_at }),
            );
            yield (first ? '' : ',') + options.join(',');
            first = false;
          }
          yield ']}';
        })(),
      );
    },
  }),
];
