import {
  jobSheetPhotoRecordSchema,
  jobSheetPhotoUploadFieldsSchema,
  type FieldError,
  type JobSheetPhotoUploadFields,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit';
import { forbidden, validationFailure } from '../../../platform/errors';
import type { OrganisationContext } from '../../../platform/http/context';
import { uploadedFilesSchema } from '../../../platform/http/multipart';
import { route, type RouteDef } from '../../../platform/http/route';
import { newId } from '../../../platform/ids';
import { Params, parentAccess, placer, reader } from '../../../platform/resource-kit';
import { storeUpload } from '../../../platform/uploads';
import { jobSheetPhotoUpload } from './photo-upload';
import { jobSheetPhotosResource } from './photos.resource';
import { frozenSheetReason } from '../access';

const uploadBody = jobSheetPhotoUploadFieldsSchema.extend({
  file: uploadedFilesSchema.length(1, 'Send one photo in the field "file"'),
});

const placePhoto = placer(jobSheetPhotosResource);

const refuse = (field: string, message: string, code: string) =>
  validationFailure([{ field, message, code } satisfies FieldError]);

/**
 * The sheet and photo field the photo goes to: a sheet the caller sees (else 422 not found, as
 * for another organisation's), may change (else 403) in a status that lets photos change (else
 * 422), and one of its PHOTO fields.
 */
async function assertTarget(ctx: OrganisationContext, fields: JobSheetPhotoUploadFields) {
  const params = new Params();
  // The photos' declared parent: who sees the sheet and who may update it.
  const { visible, mayUpdate } = parentAccess(jobSheetPhotosResource, ctx, params);
  const { rows } = await ctx.db.query<{ frozen: string | null; may_edit: boolean }>(
    `SELECT ${frozenSheetReason('t', 'photos')} AS frozen, (${mayUpdate}) AS may_edit
       FROM job_sheets t
      WHERE t.organisation_id = ${params.add(ctx.organisationId)}
        AND t.id = ${params.add(fields.job_sheet_id)}${visible}
      FOR UPDATE`,
    params.values,
  );
  const sheet = rows[0];
  if (!sheet) throw refuse('job_sheet_id', 'Job sheet not found.', 'not_found');
  if (sheet.frozen) throw refuse('job_sheet_id', sheet.frozen, 'not_allowed_from_status');
  if (!sheet.may_edit) throw forbidden('You may not add photos to this job sheet.');
  const { rows: values } = await ctx.db.query<{ type: string }>(
    `SELECT type FROM job_sheet_field_values
      WHERE organisation_id = $1 AND id = $2 AND job_sheet_id = $3`,
    [ctx.organisationId, fields.job_sheet_field_value_id, fields.job_sheet_id],
  );
  if (!values[0]) {
    throw refuse('job_sheet_field_value_id', 'Not a field of this job sheet.', 'not_found');
  }
  if (values[0].type !== 'PHOTO') {
    throw refuse('job_sheet_field_value_id', 'Not a photo field.', 'invalid');
  }
}

/** POST /job_sheet_photos: the upload, answered at once as PROCESSING; the queue does the rest. */
export function uploadPhotoRoute(): RouteDef {
  return route({
    method: 'POST',
    path: '/job_sheet_photos',
    access: 'organisation',
    minRole: 'OPERATIVE',
    accessNote: 'operatives only on job sheets they may update, while in progress or rejected',
    tags: ['Job sheet photo'],
    summary:
      'Upload a photo to a photo field of a job sheet (multipart: file, job_sheet_id, job_sheet_field_value_id, order, capture_method, caption, taken_at, latitude, longitude, accuracy); processed on the queue (status PROCESSING → READY or FAILED)',
    multipart: true,
    uploadLimits: { file: jobSheetPhotoUpload.maxBytes },
    body: uploadBody,
    status: 201,
    response: z.object({ data: jobSheetPhotoRecordSchema }),
    handler: async (ctx, { body }) => {
      const file = body.file[0]!;
      await assertTarget(ctx, body);
      const stored = await storeUpload(ctx, jobSheetPhotoUpload, file, { field: 'file' });
      const id = newId();
      // At the end of the field's photos, then (when an order is given) moved into place.
      await ctx.db.query(
        `INSERT INTO job_sheet_photos (id, organisation_id, job_sheet_id, job_sheet_field_value_id,
           "order", capture_method, status, content_type, size_bytes, original_name, original_key,
           created_by_id, stored_file_id, caption, taken_at, latitude, longitude, location_accuracy)
         VALUES ($1, $2, $3, $4,
                 (SELECT coalesce(max("order") + 1, 0) FROM job_sheet_photos
                   WHERE organisation_id = $2 AND job_sheet_field_value_id = $4),
                 $5, 'PROCESSING', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          id,
          ctx.organisationId,
          body.job_sheet_id,
          body.job_sheet_field_value_id,
          body.capture_method ?? 'WEB_IMPORT',
          stored.content_type,
          stored.size_bytes,
          stored.name,
          stored.key,
          ctx.user.id,
          stored.id,
          body.caption ?? null,
          body.taken_at ?? null,
          body.latitude ?? null,
          body.longitude ?? null,
          body.accuracy ?? null,
        ],
      );
      if (body.order !== undefined) await placePhoto(ctx, [id], body.order, null);
      await recordAudit(ctx, 'job_sheet_photos', [id], 'UPLOAD', {
        job_sheet_id: body.job_sheet_id,
        job_sheet_field_value_id: body.job_sheet_field_value_id,
        name: file.filename,
        size: file.size,
      });
      const [photo] = await reader(jobSheetPhotosResource).findMany(ctx, [id]);
      return { data: photo };
    },
  });
}
