import { importResultSchema, importSummarySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../http/route';
import type { ImportKind } from './declaration';
import { planImport, runImport } from './run';
import { templateUrl } from './template';
import { readCsvSource } from './source';

/** The body as documentation: the platform reads it itself (multipart `file` or text/csv). */
function csvBody(kind: ImportKind) {
  const options = kind.options ? z.toJSONSchema(kind.options, { io: 'input' }) : {};
  const optionProperties = (options as { properties?: Record<string, unknown> }).properties ?? {};
  return z.unknown().meta({
    description:
      'The CSV as the multipart/form-data field `file` (options as further fields), or the CSV itself as the body with Content-Type: text/csv (options in the query string).',
    type: 'object',
    properties: {
      file: { type: 'string', format: 'binary', description: 'The CSV file' },
      ...optionProperties,
    },
    required: ['file'],
  });
}

/** Options may come in the query string; they are checked with the form fields, by name. */
const queryDoc = (kind: ImportKind) =>
  z
    .object(
      Object.fromEntries(
        Object.keys((kind.options as z.ZodObject | undefined)?.shape ?? {}).map((name) => [
          name,
          z.string().optional(),
        ]),
      ),
    )
    .loose();

/**
 * The three calls of an import kind (field-work §7): POST summary (what each row would do, nothing
 * written), GET template_url, and POST import (all or nothing, in the request's transaction).
 */
export function importRoutes(kind: ImportKind): RouteDef[] {
  const base = `/import_file/${kind.kind}`;
  const common = {
    access: 'organisation' as const,
    minRole: kind.minRole,
    tags: [...kind.tags, 'Imports'],
  };
  return [
    route({
      ...common,
      method: 'POST',
      path: `${base}/summary`,
      multipart: true,
      summary: `Check a CSV of ${kind.rowLabel} per row: what would be created or rejected and why (writes nothing)`,
      query: queryDoc(kind),
      body: csvBody(kind),
      response: importSummarySchema,
      handler: async (ctx, { body, search }) =>
        (await planImport(ctx, kind, await readCsvSource(ctx, body), search)).summary,
    }),
    route({
      ...common,
      method: 'GET',
      path: `${base}/template_url`,
      summary: `A link to the CSV template for ${kind.rowLabel}: the headers and an example row`,
      response: z.object({ url: z.string() }),
      handler: async (ctx) => templateUrl(ctx, kind),
    }),
    route({
      ...common,
      method: 'POST',
      path: `${base}/import`,
      multipart: true,
      summary: `Import a CSV of ${kind.rowLabel}: all rows or none (any rejected row is a 422 naming rows.<line>.<column>)`,
      query: queryDoc(kind),
      body: csvBody(kind),
      status: 201,
      response: importResultSchema,
      handler: async (ctx, { body, search }) =>
        runImport(ctx, kind, await readCsvSource(ctx, body), search),
    }),
  ];
}
