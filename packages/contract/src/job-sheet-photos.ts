import { z } from 'zod';
import { idSchema, recordPermissionsSchema } from './common';
import { JOB_SHEET_PHOTO_CAPTURE_METHODS, jobSheetPhotoSchema, jobSheetSchema } from './job-sheets';

/**
 * Job sheet photos on their own (field-work §7 "job sheet materials and photos" follow the generic
 * pattern at /job_sheet_photos; docs/job-sheets.md "Photos" and "Duplicate photos").
 */

/** Photo types accepted, recognised from the file's bytes (the name and type sent are ignored). */
export const JOB_SHEET_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
/** The largest photo accepted (bytes). */
export const JOB_SHEET_PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/** A photo as answered by /job_sheet_photos: with what the caller may do to it. */
export const jobSheetPhotoRecordSchema = jobSheetPhotoSchema
  .extend({ permissions: recordPermissionsSchema.optional() })
  .meta({ id: 'JobSheetPhotoRecord' });
export type JobSheetPhotoRecord = z.infer<typeof jobSheetPhotoRecordSchema>;

const order = z.coerce
  .number({ message: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(0)
  .max(10_000);

/**
 * The text fields of POST /job_sheet_photos (multipart/form-data, the image in `file`). Without
 * `order` the photo goes after the field's others.
 */
export const jobSheetPhotoUploadFieldsSchema = z.object({
  job_sheet_id: idSchema,
  job_sheet_field_value_id: idSchema,
  order: order.optional(),
  capture_method: z.enum(JOB_SHEET_PHOTO_CAPTURE_METHODS).optional(),
});
export type JobSheetPhotoUploadFields = z.infer<typeof jobSheetPhotoUploadFieldsSchema>;

export const jobSheetPhotoUpdateSchema = z
  .object({
    order: z.number().int().min(0).max(10_000).optional(),
    capture_method: z.enum(JOB_SHEET_PHOTO_CAPTURE_METHODS).optional(),
  })
  .meta({ id: 'JobSheetPhotoUpdate' });
export type JobSheetPhotoUpdate = z.infer<typeof jobSheetPhotoUpdateSchema>;

/** POST /job_sheets/{id}/detect_duplicate_photos (and _many): the sheets with what was found. */
export const duplicatePhotoDetectionSchema = z
  .object({ data: z.array(jobSheetSchema) })
  .meta({ id: 'DuplicatePhotoDetection' });
export type DuplicatePhotoDetection = z.infer<typeof duplicatePhotoDetectionSchema>;
