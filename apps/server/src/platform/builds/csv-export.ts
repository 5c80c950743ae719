import { buildAnswerSchema, buildNoticeSchema, type Role } from '@fieldwork/contract';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { route, type RouteDef } from '../http/route';
import { parseListQuery, type ParsedListQuery } from '../list-query/parse';
import {
  exportBodySchema,
  reader,
  withBodyQuery,
  type ResourceDeclaration,
  type Row,
} from '../resource-kit';
import { defineBuild, registerBuildKind } from './define-build';
import { startBuild } from './start';

export interface CsvColumn {
  key: string;
  header: string;
}

/**
 * Rows as CSV text, a chunk at a time: a header (and a byte-order mark, for spreadsheets) first.
 * CSV injection (OWASP): a text cell starting with = + - @ tab or CR gets a leading ' so a
 * spreadsheet shows it as text instead of running it as a formula; numbers stay numbers.
 */
export async function* csvChunks(
  columns: CsvColumn[],
  chunks: AsyncIterable<Row[]>,
  onRows: (count: number) => void = () => undefined,
): AsyncGenerator<string> {
  const encode = (rows: Row[], first: boolean) =>
    stringify(rows, {
      header: first,
      bom: first,
      columns,
      escape_formulas: true,
      cast: {
        date: (value) => value.toISOString(),
        boolean: (value) => (value ? 'true' : 'false'),
      },
    });
  let first = true;
  let count = 0;
  for await (const rows of chunks) {
    yield encode(rows, first);
    first = false;
    count += rows.length;
    onRows(count);
  }
  if (first) yield encode([], true);
}

/** The list grammar of an export, kept as the query string it was asked with. */
const csvExportOptions = z.object({ query: z.string() });

const listQueryOf = (query: string): ParsedListQuery => ({
  ...parseListQuery(new URLSearchParams(query)),
  expand: [],
});

/**
 * The CSV export of a resource as a build: the records matching the list grammar, read through
 * a cursor as the requester and written to storage a chunk at a time, never all in memory.
 */
export function csvExportBuild(
  declaration: ResourceDeclaration,
  options: { name: string; columns: CsvColumn[] },
) {
  const rows = reader(declaration);
  return defineBuild({
    name: `${options.name}-csv`,
    format: 'csv',
    options: csvExportOptions,
    label: () => ({
      name: `${declaration.label} export`,
      description: null,
      downloadName: `${options.name}-${new Date().toISOString().slice(0, 10)}`,
    }),
    async *write(ctx, { query }, progress) {
      const parsed = listQueryOf(query);
      const total = await rows.count(ctx, parsed);
      progress(0, total, `Writing ${total} rows`);
      yield* csvChunks(options.columns, rows.streamRows(ctx, parsed), (done) =>
        progress(done, total),
      );
    },
  });
}

/**
 * POST /exports/{name}_csv: the records matching the list filters (query string, or a body of
 * {filter, sort}) as a CSV file built in the background; answers {url, build} at once, the url
 * a signed link that serves the file once it is built.
 */
export function exportCsvRoute(
  declaration: ResourceDeclaration,
  options: { name: string; columns: CsvColumn[]; tags: string[]; minRole?: Role },
): RouteDef {
  const kind = csvExportBuild(declaration, options);
  registerBuildKind(kind);
  const rows = reader(declaration);
  return route({
    method: 'POST',
    path: `/exports/${options.name}_csv`,
    access: 'organisation',
    minRole: options.minRole ?? declaration.access.write,
    tags: [...options.tags, 'Exports'],
    summary: `Export the ${declaration.name} matching the list filters (query or body {filter, sort}) as CSV, built in the background; answers {url, build}`,
    body: exportBodySchema.unwrap().extend(buildNoticeSchema.shape).optional(),
    response: buildAnswerSchema,
    handler: async (ctx, { body, search }) => {
      const merged = withBodyQuery(search, body);
      // a bad filter or sort is the caller's 400 now, not a failed build later
      rows.checkQuery(ctx, listQueryOf(merged.toString()));
      return startBuild(ctx, kind, { query: merged.toString() }, body ?? {});
    },
  });
}
