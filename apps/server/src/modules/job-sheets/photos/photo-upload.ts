import type { Queryable } from '../../../platform/db/queryable';
import { defineUpload, UploadRefusedError } from '../../../platform/uploads';
import { detectDuplicatePhotos } from './duplicates';
import { PHOTO_MAX_BYTES } from './photo-files';
import { PhotoProcessingError, processImage } from './process-photo';

/**
 * A job sheet photo (field-work §3 Job sheet photo), processed on the queue: upright size,
 * content and perceptual hashes, a display copy (when the upload is not fit to show as it is)
 * and a thumbnail; then the photo row is READY, and, when its project detects duplicate photos,
 * the sheet's duplicates are found again in the same transaction.
 */
export const jobSheetPhotoUpload = defineUpload({
  name: 'job-sheet-photo',
  accept: ['jpeg', 'png', 'webp', 'avif'],
  acceptMessage: 'Must be a JPEG, PNG, WebP or AVIF photo.',
  refusals: {
    heic: 'HEIC photos cannot be read here: send a JPEG (on an iPhone, Camera › Formats › Most Compatible).',
  },
  maxBytes: PHOTO_MAX_BYTES,
  processing: {
    runs: 'queue',
    failedMessage: 'The photo could not be processed; upload it again.',
    async run(_file, step) {
      let processed;
      try {
        processed = await processImage(await step.read(), PHOTO_MAX_BYTES);
      } catch (error) {
        if (error instanceof PhotoProcessingError) throw new UploadRefusedError(error.message);
        throw error;
      }
      const thumbnail = await step.derive('thumbnail.jpg', processed.thumbnail, 'image/jpeg');
      const display = processed.display
        ? await step.derive(
            `display.${processed.display.extension}`,
            processed.display.data,
            processed.display.contentType,
          )
        : null;
      return {
        width: processed.width,
        height: processed.height,
        c_hash: processed.cHash,
        p_hash: processed.pHash.toString(),
        thumbnail_key: thumbnail.key,
        display_key: display?.key ?? null,
        display_content_type: display?.content_type ?? null,
      };
    },
    async onReady(tx, file, result) {
      const photo = await markPhotoReady(tx, file.id, result);
      if (!photo) return false;
      if (photo.duplicate_photo_detection) {
        await detectDuplicatePhotos(tx, photo.organisation_id, [photo.job_sheet_id]);
      }
      return true;
    },
    async onFailed(tx, file, reason) {
      await tx.query(
        `UPDATE job_sheet_photos SET status = 'FAILED', error = $2, updated_at = now()
          WHERE stored_file_id = $1 AND status = 'PROCESSING'`,
        [file.id, reason],
      );
    },
  },
});

async function markPhotoReady(tx: Queryable, fileId: string, result: Record<string, unknown>) {
  const { rows } = await tx.query<{
    organisation_id: string;
    job_sheet_id: string;
    duplicate_photo_detection: boolean;
  }>(
    `UPDATE job_sheet_photos ph
        SET status = 'READY', error = NULL, width = $2, height = $3, c_hash = $4, p_hash = $5,
            thumbnail_key = $6, display_key = $7, display_content_type = $8, updated_at = now()
       FROM job_sheets s
       LEFT JOIN projects p ON p.organisation_id = s.organisation_id AND p.id = s.project_id
      WHERE ph.stored_file_id = $1 AND ph.status = 'PROCESSING'
        AND s.organisation_id = ph.organisation_id AND s.id = ph.job_sheet_id
      RETURNING ph.organisation_id, ph.job_sheet_id,
                coalesce(p.duplicate_photo_detection, false) AS duplicate_photo_detection`,
    [
      fileId,
      result.width,
      result.height,
      result.c_hash,
      result.p_hash,
      result.thumbnail_key,
      result.display_key,
      result.display_content_type,
    ],
  );
  return rows[0] ?? null;
}
