import { z } from 'zod';
import { idSchema, recordPermissionsSchema } from './common';
import {
  JOB_SHEET_PHOTO_CAPTURE_METHODS,
  PHOTO_CAPTION_MAX,
  jobSheetPhotoSchema,
  jobSheetSchema,
} from './job-sheets';

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
const caption = z
  .string()
  .trim()
  .max(PHOTO_CAPTION_MAX, `At most ${PHOTO_CAPTION_MAX} characters`)
  .transform((value) => value || null);
const degrees = (limit: number) =>
  z.coerce
    .number({ message: 'Must be a number' })
    .min(-limit, `Must be between -${limit} and ${limit}`)
    .max(limit, `Must be between -${limit} and ${limit}`);

/**
 * The text fields of POST /job_sheet_photos (multipart/form-data, the image in `file`). Without
 * `order` the photo goes after the field's others. `taken_at` is when the photo was taken (ISO
 * 8601, the phone's clock; not in the future); `latitude` and `longitude` (with `accuracy` in
 * metres) where, when the phone granted its location: both or neither.
 */
export const jobSheetPhotoUploadFieldsSchema = z
  .object({
    job_sheet_id: idSchema,
    job_sheet_field_value_id: idSchema,
    order: order.optional(),
    capture_method: z.enum(JOB_SHEET_PHOTO_CAPTURE_METHODS).optional(),
    caption: caption.optional(),
    taken_at: z.iso
      .datetime({ offset: true, message: 'Must be a date and time (ISO 8601)' })
      .refine((value) => Date.parse(value) <= Date.now() + 5 * 60_000, 'Must not be in the future')
      .optional(),
    latitude: degrees(90).optional(),
    longitude: degrees(180).optional(),
    accuracy: z.coerce
      .number({ message: 'Must be a number' })
      .min(0, 'Must be 0 or more')
      .max(1_000_000)
      .optional(),
  })
  .superRefine((value, context) => {
    if ((value.latitude === undefined) !== (value.longitude === undefined))
      context.addIssue({
        code: 'custom',
        path: [value.latitude === undefined ? 'latitude' : 'longitude'],
        message: 'Send latitude and longitude together',
      });
    if (value.accuracy !== undefined && value.latitude === undefined)
      context.addIssue({
        code: 'custom',
        path: ['accuracy'],
        message: 'Only with latitude and longitude',
      });
  });
export type JobSheetPhotoUploadFields = z.infer<typeof jobSheetPhotoUploadFieldsSchema>;

export const jobSheetPhotoUpdateSchema = z
  .object({
    order: z.number().int().min(0).max(10_000).optional(),
    capture_method: z.enum(JOB_SHEET_PHOTO_CAPTURE_METHODS).optional(),
    /** Empty or null clears it. */
    caption: caption.nullish(),
  })
  .meta({ id: 'JobSheetPhotoUpdate' });
export type JobSheetPhotoUpdate = z.infer<typeof jobSheetPhotoUpdateSchema>;

/** POST /job_sheets/{id}/detect_duplicate_photos (and _many): the sheets with what was found. */
export const duplicatePhotoDetectionSchema = z
  .object({ data: z.array(jobSheetSchema) })
  .meta({ id: 'DuplicatePhotoDetection' });
export type DuplicatePhotoDetection = z.infer<typeof duplicatePhotoDetectionSchema>;
