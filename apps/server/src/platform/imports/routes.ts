import {
  importQueuedSchema,
  importResultSchema,
  importSummarySchema,
  MAX_IMPORT_BYTES,
  SYNC_IMPORT_BYTES,
  type ImportSummary,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../http/context';
import { Answer, route, type RouteDef } from '../http/route';
import type { ImportKind } from './declaration';
import { importCsvJob, registerImportKind } from './import.job';
import { jobCallerOf } from '../queue/caller-context';
import { parseOptions, planImport, runImport } from './run';
import { templateUrl } from './template';
import { csvUploadOf, readCsvUpload, type CsvUpload } from './source';

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

/** Hands a large file to the work queue (import.job.ts): 202 with the task to poll. */
async function enqueueImport(
  ctx: OrganisationContext,
  kind: ImportKind,
  upload: CsvUpload,
  search: URLSearchParams,
): Promise<Answer> {
  parseOptions(kind, upload.fields, search); // bad options are a 422 now, not a failed task
  upload.file.claim(); // kept past the request; the job removes it when done
  const taskId = await ctx.services.queue.enqueue(ctx, importCsvJob, {
    kind: kind.kind,
    fileKey: upload.file.key,
    fileName: upload.file.filename,
    fileSize: upload.file.size,
    fields: upload.fields,
    query: search.toString(),
    ...jobCallerOf(ctx),
  });
  return new Answer(202, { task_id: taskId, status: 'QUEUED', size: upload.file.size });
}

/**
 * A call that checks a CSV of an import kind row by row, as its summary does, and answers in its
 * own shape (e.g. POST /materials/parse_csv): nothing is written.
 */
export function csvCheckRoute<T>(
  kind: ImportKind,
  call: {
    path: string;
    summary: string;
    response: z.ZodType<T>;
    answer: (summary: ImportSummary) => T;
  },
): RouteDef {
  return route({
    access: 'organisation',
    minRole: kind.minRole,
    tags: [...kind.tags, 'Imports'],
    multipart: true,
    csvBody: true,
    method: 'POST',
    path: call.path,
    summary: call.summary,
    query: queryDoc(kind),
    body: csvBody(kind),
    response: call.response,
    handler: async (ctx, { body, search }) =>
      call.answer(
        (
          await planImport(
            ctx,
            kind,
            await readCsvUpload(ctx.services.storage, csvUploadOf(body), MAX_IMPORT_BYTES),
            search,
          )
        ).summary,
      ),
  });
}

/**
 * The three calls of an import kind (field-work §7): POST summary (what each row would do, nothing
 * written), GET template_url, and POST import (all or nothing: in the request's transaction for
 * a file up to SYNC_IMPORT_BYTES, else on the work queue).
 */
export function importRoutes(kind: ImportKind): RouteDef[] {
  registerImportKind(kind);
  const base = `/import_file/${kind.kind}`;
  const common = {
    access: 'organisation' as const,
    minRole: kind.minRole,
    tags: [...kind.tags, 'Imports'],
    multipart: true,
    csvBody: true,
  };
  return [
    csvCheckRoute(kind, {
      path: `${base}/summary`,
      summary: `Check a CSV of ${kind.rowLabel} per row: what would be created or rejected and why (writes nothing)`,
      response: importSummarySchema,
      answer: (summary) => summary,
    }),
    route({
      ...common,
      multipart: false, // a GET takes no body
      csvBody: false,
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
      summary: `Import a CSV of ${kind.rowLabel}: all rows or none (any rejected row is a 422 naming rows.<line>.<column>). A file over ${SYNC_IMPORT_BYTES / 1024} KB is imported on the work queue: 202 with the task to poll.`,
      query: queryDoc(kind),
      body: csvBody(kind),
      status: 201,
      response: importResultSchema,
      otherResponses: { 202: importQueuedSchema },
      handler: async (ctx, { body, search }) => {
        const upload = csvUploadOf(body);
        if (upload.file.size > SYNC_IMPORT_BYTES) return enqueueImport(ctx, kind, upload, search);
        const source = await readCsvUpload(ctx.services.storage, upload, SYNC_IMPORT_BYTES);
        const result = await runImport(ctx, kind, source, search, {
          key: upload.file.key,
          name: upload.file.filename,
          size: upload.file.size,
        });
        upload.file.claim(); // kept with its imported file's record (removed if the request fails)
        return result;
      },
    }),
  ];
}
