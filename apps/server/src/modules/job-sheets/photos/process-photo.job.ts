import { Readable } from 'node:stream';
import { z } from 'zod';
import { idSchema } from '@fieldwork/contract';
import type { Queryable } from '../../../platform/db/queryable';
import { defineJob } from '../../../platform/queue/job';
import { detectDuplicatePhotos } from './duplicates';
import { PhotoProcessingError, processImage } from './process-photo';
import { PHOTO_MAX_BYTES, photoFileKey } from './photo-files';

interface PendingPhoto {
  organisation_id: string;
  job_sheet_id: string;
  original_key: string;
  status: string;
  duplicate_photo_detection: boolean;
}

const RETRY_LIMIT = 2;

async function pendingPhoto(tx: Queryable, photoId: string) {
  const { rows } = await tx.query<PendingPhoto>(
    `SELECT ph.organisation_id, ph.job_sheet_id, ph.original_key, ph.status,
            coalesce(p.duplicate_photo_detection, false) AS duplicate_photo_detection
       FROM job_sheet_photos ph
       JOIN job_sheets s ON s.organisation_id = ph.organisation_id AND s.id = ph.job_sheet_id
       LEFT JOIN projects p ON p.organisation_id = s.organisation_id AND p.id = s.project_id
      WHERE ph.id = $1`,
    [photoId],
  );
  return rows[0] ?? null;
}

const markFailed = (tx: Queryable, photoId: string, error: string) =>
  tx.query(
    `UPDATE job_sheet_photos SET status = 'FAILED', error = $2, updated_at = now()
      WHERE id = $1 AND status = 'PROCESSING'`,
    [photoId, error],
  );

/**
 * Processes one uploaded job sheet photo (field-work §3 Job sheet photo): content and perceptual
 * hashes, upright size, display copy and thumbnail, then PROCESSING → READY, or FAILED with the
 * reason when the file is not a readable image. When the sheet's project has duplicate photo
 * detection on, the sheet's duplicates are found again in the same transaction. Safe to run
 * twice: a photo no longer PROCESSING (done, or deleted meanwhile) is left alone.
 */
export const processJobSheetPhotoJob = defineJob({
  name: 'process-job-sheet-photo',
  payload: z.object({ photoId: idSchema }),
  retry: { limit: RETRY_LIMIT, delaySeconds: 15, backoff: true },
  expireInSeconds: 300,
  async run({ photoId }, job) {
    const photo = await job.transaction((tx) => pendingPhoto(tx, photoId));
    if (!photo || photo.status !== 'PROCESSING') return { skipped: true };
    const { storage } = job.services;
    const source = await storage.read(photo.original_key);
    if (!source) {
      await job.transaction((tx) => markFailed(tx, photoId, 'The uploaded file is missing.'));
      return { status: 'FAILED' };
    }
    let processed;
    try {
      processed = await processImage(source, PHOTO_MAX_BYTES);
    } catch (error) {
      // A file that is not a readable image fails for good; anything else (storage, memory) is
      // retried, and marked failed when the retries are spent.
      const lastAttempt = job.attempt > RETRY_LIMIT;
      if (!(error instanceof PhotoProcessingError) && !lastAttempt) throw error;
      const message =
        error instanceof PhotoProcessingError
          ? error.message
          : 'The photo could not be processed; upload it again.';
      await job.transaction((tx) => markFailed(tx, photoId, message));
      return { status: 'FAILED', error: message };
    }
    const thumbnailKey = photoFileKey(photo.organisation_id, photoId, 'thumbnail.jpg');
    await storage.write(thumbnailKey, Readable.from([processed.thumbnail]));
    const displayKey = processed.display
      ? photoFileKey(photo.organisation_id, photoId, `display.${processed.display.extension}`)
      : null;
    if (processed.display && displayKey) {
      await storage.write(displayKey, Readable.from([processed.display.data]));
    }
    const duplicates = await job.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE job_sheet_photos
            SET status = 'READY', error = NULL, width = $2, height = $3, c_hash = $4,
                p_hash = $5, thumbnail_key = $6, display_key = $7,
                display_content_type = $8, updated_at = now()
          WHERE id = $1 AND status = 'PROCESSING' RETURNING id`,
        [
          photoId,
          processed.width,
          processed.height,
          processed.cHash,
          processed.pHash.toString(),
          thumbnailKey,
          displayKey,
          processed.display?.contentType ?? null,
        ],
      );
      if (!rows[0]) return null;
      if (!photo.duplicate_photo_detection) return [];
      return detectDuplicatePhotos(tx, photo.organisation_id, [photo.job_sheet_id]);
    });
    if (duplicates === null) {
      // deleted while it was processed: its files go with it
      const written = [thumbnailKey, displayKey].filter((key): key is string => key !== null);
      await Promise.all(written.map((key) => storage.remove(key)));
      return { skipped: true };
    }
    return { status: 'READY', duplicates: duplicates.length };
  },
});
