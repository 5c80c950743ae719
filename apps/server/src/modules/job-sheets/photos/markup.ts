import {
  idSchema,
  jobSheetPhotoRecordSchema,
  photoMarkupUploadFieldsSchema,
  type PhotoMarkupShape,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../../platform/audit';
import { notFound, validationFailure } from '../../../platform/errors';
import type { OrganisationContext } from '../../../platform/http/context';
import { uploadedFilesSchema } from '../../../platform/http/multipart';
import { route, type RouteDef } from '../../../platform/http/route';
import { failureError, policyOf, reader } from '../../../platform/resource-kit';
import {
  defineUpload,
  discardStoredFile,
  normaliseImage,
  storeUpload,
} from '../../../platform/uploads';
import { PHOTO_MAX_BYTES } from './photo-files';
import { jobSheetPhotosResource } from './photos.resource';
import { DISPLAY_MAX_SIDE, THUMBNAIL_MAX_SIDE } from './process-photo';

/** How far the copy's proportions may stray from the photo's (a canvas rounds to whole pixels). */
const SHAPE_TOLERANCE = 0.02;

interface MarkupResult extends Record<string, unknown> {
  image_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
}

/**
 * The marked-up copy of a photo as the web app drew it (docs/job-sheets.md "Photo markup"):
 * normalised in the request to the photo's display size, with a thumbnail.
 */
export const photoMarkupUpload = defineUpload<MarkupResult>({
  name: 'job-sheet-photo-markup',
  accept: ['jpeg', 'png', 'webp'],
  acceptMessage: 'Must be a JPEG, PNG or WebP image.',
  maxBytes: PHOTO_MAX_BYTES,
  processing: {
    runs: 'request',
    async run(_file, step) {
      const bytes = await step.readAll();
      const side = DISPLAY_MAX_SIDE;
      const image = await normaliseImage(bytes, { width: side, height: side });
      const thumbnailSide = THUMBNAIL_MAX_SIDE;
      const thumbnail = await normaliseImage(image.data, {
        width: thumbnailSide,
        height: thumbnailSide,
      });
      const stored = await step.derive(`image.${image.extension}`, image.data, image.contentType);
      const small = await step.derive(
        `thumbnail.${thumbnail.extension}`,
        thumbnail.data,
        thumbnail.contentType,
      );
      return {
        image_key: stored.key,
        thumbnail_key: small.key,
        width: image.info.width,
        height: image.info.height,
      };
    },
  },
});

const PATH = '/job_sheet_photos/:id/markup';
const LABEL = 'Job sheet photo';

interface LockedPhoto {
  status: string;
  width: number | null;
  height: number | null;
  markup_file_id: string | null;
  marked_up: boolean;
}

/**
 * The photo, locked with its sheet, when the caller sees it (else 404) and may change it now:
 * the photo's update policy, its sheet's rule and its frozen-sheet lock (403 or the lock's answer).
 */
async function lockPhoto(ctx: OrganisationContext, id: string): Promise<LockedPhoto> {
  await ctx.db.query(
    `SELECT 1 FROM job_sheets s JOIN job_sheet_photos ph
        ON ph.organisation_id = s.organisation_id AND ph.job_sheet_id = s.id
      WHERE s.organisation_id = $1 AND ph.id = $2 FOR UPDATE`,
    [ctx.organisationId, id],
  );
  const [visible] = await reader(jobSheetPhotosResource).findMany(ctx, [id]);
  if (!visible) throw notFound(LABEL);
  const { failed } = await policyOf(jobSheetPhotosResource).permitted(ctx, 'update', [id]);
  if (failed[0]) throw failureError(LABEL, failed[0], 422);
  const { rows } = await ctx.db.query<LockedPhoto>(
    `SELECT status, width, height, markup_file_id, markup_key IS NOT NULL AS marked_up
       FROM job_sheet_photos WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, id],
  );
  return rows[0]!;
}

/** Sets (or with null removes) a photo's markup, audited with its before-image. */
async function setMarkup(
  ctx: OrganisationContext,
  id: string,
  photo: LockedPhoto,
  markup: { fileId: string; result: MarkupResult; shapes: PhotoMarkupShape[] } | null,
) {
  const before = await readBeforeImages(ctx, 'job_sheet_photos', [id]);
  await ctx.db.query(
    `UPDATE job_sheet_photos
        SET markup_shapes = $3, markup_file_id = $4, markup_key = $5, markup_thumbnail_key = $6,
            marked_up_at = CASE WHEN $5::text IS NULL THEN NULL ELSE now() END,
            marked_up_by_id = CASE WHEN $5::text IS NULL THEN NULL ELSE $7 END, updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [
      ctx.organisationId,
      id,
      markup ? JSON.stringify(markup.shapes) : null,
      markup?.fileId ?? null,
      markup?.result.image_key ?? null,
      markup?.result.thumbnail_key ?? null,
      ctx.user.id,
    ],
  );
  const changes = { markup: markup ? { shapes: markup.shapes.length } : null };
  await recordAudit(ctx, 'job_sheet_photos', [id], markup ? 'UPLOAD' : 'REMOVE', changes, before);
  // The copy it replaces goes once this commits (a rolled-back request keeps it).
  if (photo.markup_file_id) await discardStoredFile(ctx, photo.markup_file_id);
}

const params = z.object({ id: idSchema });
const answer = z.object({ data: jobSheetPhotoRecordSchema });
const answerPhoto = async (ctx: OrganisationContext, id: string) => {
  const [photo] = await reader(jobSheetPhotosResource).findMany(ctx, [id]);
  return { data: photo };
};

/** POST and DELETE /job_sheet_photos/{id}/markup. */
export function photoMarkupRoutes(): RouteDef[] {
  const base = {
    path: PATH,
    access: 'organisation',
    minRole: 'OPERATIVE',
    accessNote:
      'whoever may update the photo: managers, and operatives on their own sheets, while the sheet is in progress or rejected',
    tags: ['Job sheet photo'] as string[],
    params,
    response: answer,
  } as const;
  return [
    route({
      ...base,
      method: 'POST',
      summary:
        "Mark up a photo: the copy with arrows, circles and text drawn on it (multipart: file, a JPEG, PNG or WebP image of the photo's proportions; shapes, the shapes as a JSON array). Replaces earlier markup; the original is kept",
      multipart: true,
      uploadLimits: { file: photoMarkupUpload.maxBytes },
      body: photoMarkupUploadFieldsSchema.extend({
        file: uploadedFilesSchema.length(1, 'Send the marked-up copy in the field "file"'),
      }),
      handler: async (ctx, { params, body }) => {
        const photo = await lockPhoto(ctx, params.id);
        if (photo.status !== 'READY' || !photo.width || !photo.height) {
          throw validationFailure([
            {
              field: 'id',
              message: 'The photo is not processed yet; mark it up once it shows.',
              code: 'not_ready',
            },
          ]);
        }
        const stored = await storeUpload(ctx, photoMarkupUpload, body.file[0]!, { field: 'file' });
        const result = stored.metadata as MarkupResult;
        const ratio = photo.width / photo.height;
        if (Math.abs(result.width / result.height - ratio) / ratio > SHAPE_TOLERANCE) {
          throw validationFailure([
            {
              field: 'file',
              message: `The marked-up copy must have the photo's proportions (${photo.width} × ${photo.height}).`,
              code: 'invalid',
            },
          ]);
        }
        await setMarkup(ctx, params.id, photo, { fileId: stored.id, result, shapes: body.shapes });
        return answerPhoto(ctx, params.id);
      },
    }),
    route({
      ...base,
      method: 'DELETE',
      summary: "Remove a photo's markup (the original photo is kept)",
      handler: async (ctx, { params }) => {
        const photo = await lockPhoto(ctx, params.id);
        if (photo.marked_up) await setMarkup(ctx, params.id, photo, null);
        return answerPhoto(ctx, params.id);
      },
    }),
  ];
}
