import type { FilterValue } from '@fieldwork/contract';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import type { Role } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';
import { route, type RouteDef } from '../http/route';
import { parseListQuery } from '../list-query/parse';
import { newId } from '../ids';
import type { ParsedListQuery } from '../list-query/parse';
import type { ResourceDeclaration, Row } from './declaration';
import { reader } from './repository';

/** An export's optional body: list filters and a sort, merged over the query string's. */
export const exportBodySchema = z
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

export interface CsvColumn {
  key: string;
  header: string;
}

/**
 * Streams rows into a CSV file in storage and answers a signed link to it: rows go from the
 * cursor through the CSV encoder to disk a chunk at a time, never all in memory.
 */
export async function exportCsv(
  ctx: OrganisationContext,
  options: {
    name: string;
    columns: CsvColumn[];
    rows: (ctx: OrganisationContext, query: ParsedListQuery) => AsyncIterable<Row[]>;
    query: ParsedListQuery;
  },
): Promise<{ url: string }> {
  const encode = (rows: Row[], first: boolean) =>
    stringify(rows, {
      header: first,
      bom: first,
      columns: options.columns,
      // CSV injection (OWASP): a text cell starting with = + - @ tab or CR gets a leading ' so a
      // spreadsheet shows it as text instead of running it as a formula; numbers stay numbers.
      escape_formulas: true,
      cast: {
        date: (value) => value.toISOString(),
        boolean: (value) => (value ? 'true' : 'false'),
      },
    });
  // Each chunk of rows is encoded as it arrives; a failing read (e.g. an unknown filter) fails
  // the write, and so the request, instead of leaving the file waiting for rows.
  const csv = (async function* () {
    let first = true;
    for await (const rows of options.rows(ctx, options.query)) {
      yield encode(rows, first);
      first = false;
    }
    if (first) yield encode([], true);
  })();
  const key = `exports/${ctx.organisationId}/${newId()}-${options.name}.csv`;
  await ctx.services.storage.write(key, csv);
  const date = new Date().toISOString().slice(0, 10);
  return { url: ctx.services.storage.signedUrl(key, { filename: `${options.name}-${date}.csv` }) };
}

/** Merges a body's {filter, sort} into the query string's list grammar. */
export function withBodyQuery(
  search: URLSearchParams,
  body: { filter?: Record<string, FilterValue>; sort?: string | undefined } | undefined,
) {
  const merged = new URLSearchParams(search);
  for (const [field, value] of Object.entries(body?.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    merged.set(`filter[${field}]`, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (body?.sort) merged.set('sort', body.sort);
  merged.delete('page');
  return merged;
}

/**
 * POST /exports/{name}_csv: the records matching the list filters (query string, or a body of
 * {filter, sort}) as a CSV file; answers {url}, a signed link to it.
 */
export function exportCsvRoute(
  declaration: ResourceDeclaration,
  options: { name: string; columns: CsvColumn[]; tags: string[]; minRole?: Role },
): RouteDef {
  const rows = reader(declaration).streamRows;
  return route({
    method: 'POST',
    path: `/exports/${options.name}_csv`,
    access: 'organisation',
    minRole: options.minRole ?? declaration.access.write,
    tags: [...options.tags, 'Exports'],
    summary: `Export the ${declaration.name} matching the list filters (query or body {filter, sort}) as CSV; answers {url}`,
    body: exportBodySchema,
    response: z.object({ url: z.string() }),
    handler: async (ctx, { body, search }) =>
      exportCsv(ctx, {
        name: options.name,
        columns: options.columns,
        rows,
        query: { ...parseListQuery(withBodyQuery(search, body)), expand: [] },
      }),
  });
}
