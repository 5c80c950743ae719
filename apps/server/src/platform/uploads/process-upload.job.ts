import { z } from 'zod';
import { idSchema } from '@fieldwork/contract';
import { defineJob } from '../queue/job';
import { UploadRefusedError, uploadKind, type StoredFileRow } from './define-upload';
import { markFailed, markReady, processingStep, removeDerived } from './processing';

const RETRY_LIMIT = 2;

/**
 * Processes one upload of a kind whose processing runs on the queue: the kind's step derives
 * its files, then PROCESSING → READY (and the owner brought up to date) in one transaction, or
 * FAILED with the reason when the file cannot be read as its kind. Safe to run twice: a file no
 * longer PROCESSING (done, or deleted meanwhile) is left alone.
 */
export const processUploadJob = defineJob({
  name: 'process-upload',
  payload: z.object({ fileId: idSchema }),
  retry: { limit: RETRY_LIMIT, delaySeconds: 15, backoff: true },
  expireInSeconds: 600,
  async run({ fileId }, job) {
    const file = await job.transaction(async (tx) => {
      const { rows } = await tx.query<StoredFileRow>('SELECT * FROM stored_files WHERE id = $1', [
        fileId,
      ]);
      return rows[0] ?? null;
    });
    if (!file || file.status !== 'PROCESSING') return { skipped: true };
    const kind = uploadKind(file.kind);
    if (!kind?.processing) throw new Error(`No processing is declared for uploads of ${file.kind}`);
    const { storage } = job.services;
    const { step, derived } = processingStep(storage, file);
    let metadata;
    try {
      if ((await storage.size(file.key)) === null) {
        throw new UploadRefusedError('The uploaded file is missing.');
      }
      metadata = await kind.processing.run(file, step);
    } catch (error) {
      await removeDerived(storage, derived);
      // A file that is not readable as its kind fails for good; anything else (storage, memory)
      // is retried, and marked failed when the retries are spent.
      const lastAttempt = job.attempt > RETRY_LIMIT;
      if (!(error instanceof UploadRefusedError) && !lastAttempt) throw error;
      const reason =
        error instanceof UploadRefusedError
          ? error.message
          : (kind.processing.failedMessage ?? 'The file could not be processed; upload it again.');
      await job.transaction((tx) => markFailed(tx, kind, file, reason));
      return { status: 'FAILED', error: reason };
    }
    const kept = await job.transaction((tx) => markReady(tx, kind, file, derived, metadata));
    if (!kept) {
      // deleted while it was processed: what it derived goes with it
      await removeDerived(storage, derived);
      return { skipped: true };
    }
    return { status: 'READY', ...metadata };
  },
});
