import { MAX_QUEUED_IMPORT_ROWS, ROLE_RANK, type ImportResult } from '@fieldwork/contract';
import { z } from 'zod';
import { AppError, forbidden, validationFailure } from '../errors';
import { callerContext, jobCallerSchema, newCallerHooks } from '../queue/caller-context';
import { defineJob, type JobRun } from '../queue/job';
import { readCsv, streamCsv } from './csv';
import type { ImportKind } from './declaration';
import { runImport, runImportInBatches } from './run';
import { readStoredCsv } from './source';

/** The import kinds served (importRoutes registers each), by path segment. */
const kinds = new Map<string, ImportKind>();
export const registerImportKind = (kind: ImportKind) => kinds.set(kind.kind, kind);

export const importPayload = jobCallerSchema.extend({
  kind: z.string(),
  /** The stored upload: kept with its imported file's record, removed if the import fails. */
  fileKey: z.string(),
  /** The file's name and size as uploaded (absent in jobs queued before imported files). */
  fileName: z.string().optional(),
  fileSize: z.number().int().optional(),
  fields: z.record(z.string(), z.string()),
  /** The request's query string (options may come there). */
  query: z.string(),
});
export type ImportPayload = z.infer<typeof importPayload>;

/**
 * A large CSV import (platform/imports/routes.ts hands files over SYNC_IMPORT_BYTES to the
 * queue). The file is read and parsed outside any transaction; then one transaction checks every
 * row against the database and writes them all, or none: a run killed midway leaves nothing
 * behind and is retried whole. The transaction also records the task in import_runs, so a run
 * delivered again after a commit (at least once) answers that result instead of importing twice.
 * Rejected rows end the task FAILED with the same 422 body the request would have answered.
 */
export const importCsvJob = defineJob({
  name: 'import-csv',
  payload: importPayload,
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 900,
  async run(payload, job): Promise<ImportResult> {
    const kind = kinds.get(payload.kind);
    if (!kind) throw new Error(`Unknown import kind ${payload.kind}`);
    if (!job.organisationId || !job.userId) throw new Error('An import needs its organisation');
    const { organisationId, userId } = job;
    const done = await job.transaction((tx) =>
      tx.query<{ result: ImportResult }>('SELECT result FROM import_runs WHERE task_id = $1', [
        job.taskId,
      ]),
    );
    if (done.rows[0]) return done.rows[0].result;

    const { storage } = job.services;
    if (kind.batchRows) return streamedImport(kind, payload, job);
    await job.progress(0, null, 'Reading the file');
    const text = await readStoredCsv(storage, payload.fileKey);
    if (text === null) {
      throw validationFailure([
        { field: 'file', message: 'The uploaded file is gone; send it again.', code: 'required' },
      ]);
    }
    try {
      const table = readCsv(text, kind.columns, MAX_QUEUED_IMPORT_ROWS);
      const total = table.rows.length;
      await job.progress(0, total, `Checking and importing ${total} rows`);
      const hooks = newCallerHooks();
      const result = await job
        .transaction(async (tx) => {
          const ctx = await callerContext(job, tx, payload, hooks);
          if (ROLE_RANK[ctx.membership.role] < ROLE_RANK[kind.minRole]) {
            throw forbidden('You may no longer import here.', 'not_permitted');
          }
          const source = { text: '', fields: payload.fields };
          const imported = await runImport(
            ctx,
            kind,
            source,
            new URLSearchParams(payload.query),
            {
              key: payload.fileKey,
              name: payload.fileName ?? 'upload.csv',
              size: payload.fileSize ?? Buffer.byteLength(text),
              taskId: job.taskId,
            },
            table,
          );
          await tx.query(
            `INSERT INTO import_runs (task_id, organisation_id, kind, created_count, result, created_by_user_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              job.taskId,
              organisationId,
              kind.kind,
              imported.created,
              JSON.stringify(imported),
              userId,
            ],
          );
          return imported;
        })
        .catch(async (error: unknown) => {
          for (const task of hooks.afterRollback) await task().catch(() => undefined);
          throw error;
        });
      for (const task of hooks.afterCommit) {
        await task().catch((error: unknown) =>
          job.log.error({ err: error }, 'after-commit task failed'),
        );
      }
      return result; // the file stays with its imported file's record
    } catch (error) {
      // refused (rejected rows, no access): the file is of no further use
      if (error instanceof AppError && error.status < 500) await storage.remove(payload.fileKey);
      throw error;
    }
  },
});

/**
 * A kind with `batchRows`, read from storage as a stream in one transaction (all or nothing):
 * the file is never held whole; progress says it is importing, then how many rows it created.
 */
async function streamedImport(
  kind: ImportKind,
  payload: ImportPayload,
  job: JobRun,
): Promise<ImportResult> {
  const { storage } = job.services;
  const hooks = newCallerHooks();
  // Progress is written before and after the transaction, never inside it: the embedded
  // database has one connection, which the transaction holds.
  await job.progress(0, null, 'Importing');
  try {
    const result = await job
      .transaction(async (tx) => {
        const ctx = await callerContext(job, tx, payload, hooks);
        if (ROLE_RANK[ctx.membership.role] < ROLE_RANK[kind.minRole]) {
          throw forbidden('You may no longer import here.', 'not_permitted');
        }
        const stream = await storage.read(payload.fileKey);
        if (!stream)
          throw validationFailure([
            {
              field: 'file',
              message: 'The uploaded file is gone; send it again.',
              code: 'required',
            },
          ]);
        const rows = streamCsv(
          stream as AsyncIterable<Buffer>,
          kind.columns,
          MAX_QUEUED_IMPORT_ROWS,
          () => undefined,
        );
        const imported = await runImportInBatches(
          ctx,
          kind,
          rows,
          payload.fields,
          new URLSearchParams(payload.query),
          {
            key: payload.fileKey,
            name: payload.fileName ?? 'upload.csv',
            size: payload.fileSize ?? 0,
            taskId: job.taskId,
          },
          async () => undefined,
        );
        await tx.query(
          `INSERT INTO import_runs (task_id, organisation_id, kind, created_count, result, created_by_user_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            job.taskId,
            job.organisationId,
            kind.kind,
            imported.created,
            JSON.stringify(imported),
            job.userId,
          ],
        );
        return imported;
      })
      .catch(async (error: unknown) => {
        for (const task of hooks.afterRollback) await task().catch(() => undefined);
        throw error;
      });
    for (const task of hooks.afterCommit)
      await task().catch((error: unknown) =>
        job.log.error({ err: error }, 'after-commit task failed'),
      );
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await storage.remove(payload.fileKey);
    throw error;
  }
}
