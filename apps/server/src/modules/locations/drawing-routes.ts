import {
  drawingSchema,
  drawingUploadFieldsSchema,
  idSchema,
  pendingDrawingSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit, readBeforeImages } from '../../platform/audit';
import { AppError, conflict, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema } from '../../platform/http/multipart';
import { Answer, route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { reader } from '../../platform/resource-kit';
import { removeStoredFilesAfterCommit } from '../../platform/storage/remove-files.job';
import { conversionOf, conversionQuerySchema } from '../../platform/storage/conversion';
import { storeUpload } from '../../platform/uploads';
import { DRAWING_URL_TTL_SECONDS } from './drawing-files';
import { drawingUpload } from './drawing-upload';
import { drawingsResource } from './drawings.resource';
import { pendingDrawingsResource } from './pending-drawings.resource';

const oneFile = uploadedFilesSchema.length(1, 'Send one file in the field "file"');
const idParams = z.object({ id: idSchema });
const one = z.object({ data: drawingSchema });

const fileName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 255) || 'Drawing';

/** A live level (of a live block) of this organisation, else a 422 naming level_id. */
export async function assertLiveLevel(ctx: OrganisationContext, levelId: string) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM levels l JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
      WHERE l.organisation_id = $1 AND l.id = $2 AND l.deleted_at IS NULL AND b.deleted_at IS NULL`,
    [ctx.organisationId, levelId],
  );
  if (!rows.length) {
    throw validationFailure([
      { field: 'level_id', message: 'Level not found.', code: 'not_found' },
    ]);
  }
}

/** Adds a drawing at the end of its level's and answers its id. */
export async function insertDrawing(
  ctx: OrganisationContext,
  values: {
    level_id: string;
    name: string;
    stored_file_id: string | null;
    status: string;
    width?: number | null;
    height?: number | null;
    image_key?: string | null;
    image_content_type?: string | null;
    error?: string | null;
  },
) {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO drawings (id, organisation_id, level_id, name, stored_file_id, status, width, height,
       image_key, image_content_type, error, "order")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
             (SELECT coalesce(max("order") + 1, 0) FROM drawings
               WHERE organisation_id = $2 AND level_id = $3 AND deleted_at IS NULL))`,
    [
      id,
      ctx.organisationId,
      values.level_id,
      values.name,
      values.stored_file_id,
      values.status,
      values.width ?? null,
      values.height ?? null,
      values.image_key ?? null,
      values.image_content_type ?? null,
      values.error ?? null,
    ],
  );
  return id;
}

/** A live drawing the caller sees, locked for the change, else 404. */
async function liveDrawing(ctx: OrganisationContext, id: string) {
  const { rows } = await ctx.db.query<{
    id: string;
    name: string;
    level_id: string;
    status: string;
    width: number | null;
    height: number | null;
    stored_file_id: string | null;
    image_key: string | null;
    image_content_type: string | null;
    error: string | null;
    project_id: string;
  }>(
    `SELECT d.*, b.project_id FROM drawings d
       JOIN levels l ON l.organisation_id = d.organisation_id AND l.id = d.level_id
       JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
      WHERE d.organisation_id = $1 AND d.id = $2 AND d.deleted_at IS NULL FOR UPDATE OF d`,
    [ctx.organisationId, id],
  );
  if (!rows[0]) throw notFound('Drawing');
  return rows[0];
}

const loadDrawing = async (ctx: OrganisationContext, id: string) =>
  (await reader(drawingsResource).findMany(ctx, [id]))[0];

export function drawingRoutes(): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/drawings',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Drawing'],
      summary:
        'Upload a drawing for a level (multipart: level_id, file: a PDF or a PNG, JPEG or WebP image; name defaults to the file’s). A PDF’s first page is rendered on the queue (status PROCESSING → READY with width and height, or FAILED)',
      multipart: true,
      uploadLimits: { file: drawingUpload.maxBytes },
      body: drawingUploadFieldsSchema.extend({ file: oneFile }),
      status: 201,
      response: one,
      handler: async (ctx, { body }) => {
        await assertLiveLevel(ctx, body.level_id);
        const file = body.file[0]!;
        const stored = await storeUpload(ctx, drawingUpload, file, { field: 'file' });
        const id = await insertDrawing(ctx, {
          level_id: body.level_id,
          name: body.name ?? fileName(file.filename),
          stored_file_id: stored.id,
          status: 'PROCESSING',
        });
        await recordAudit(ctx, 'drawings', [id], 'UPLOAD', {
          level_id: body.level_id,
          name: file.filename,
          size: file.size,
        });
        return { data: await loadDrawing(ctx, id) };
      },
    }),
    route({
      method: 'GET',
      path: '/drawings/:id/image',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags: ['Drawing'],
      summary:
        'The drawing’s picture: a redirect (302) to a signed link, optionally converted (width: the largest width in pixels, never enlarged; format: webp, png or jpeg). 409 drawing_not_ready while it is processed',
      params: idParams,
      query: conversionQuerySchema.omit({ page: true }),
      status: 302,
      handler: async (ctx, { params, query }) => {
        const { rows } = await ctx.db.query<{
          image_key: string | null;
          status: string;
          name: string;
        }>(
          `SELECT image_key, status, name FROM drawings
            WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
          [ctx.organisationId, params.id],
        );
        const drawing = rows[0];
        if (!drawing) throw notFound('Drawing');
        if (!drawing.image_key) {
          throw new AppError(
            409,
            'drawing_not_ready',
            drawing.status === 'FAILED'
              ? 'The drawing could not be read; upload it again.'
              : 'The drawing is still being processed.',
          );
        }
        const conversion = conversionOf(query);
        const url = ctx.services.storage.signedUrl(drawing.image_key, {
          ttlSeconds: DRAWING_URL_TTL_SECONDS,
          filename: `${fileName(drawing.name).replace(/[^\w.-]/g, '_')}.png`,
          ...(conversion ? { conversion } : {}),
        });
        return new Answer(302, undefined, { location: url, 'cache-control': 'private, no-store' });
      },
    }),
    route({
      method: 'POST',
      path: '/drawings/:id/replace_image',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Drawing'],
      summary:
        'Replace a drawing’s picture (multipart: file, a PDF or an image). Processed on the queue; the drawing keeps its picture until the new one is ready, then every pin stays at the same place proportionally (pins are fractions of the sheet)',
      multipart: true,
      uploadLimits: { file: drawingUpload.maxBytes },
      params: idParams,
      body: z.object({ file: oneFile }),
      response: one,
      handler: async (ctx, { params, body }) => {
        const drawing = await liveDrawing(ctx, params.id);
        const before = await readBeforeImages(ctx, 'drawings', [drawing.id]);
        const file = body.file[0]!;
        const stored = await storeUpload(ctx, drawingUpload, file, { field: 'file' });
        // A replacement still processing is dropped for the newer one.
        const { rows: earlier } = await ctx.db.query<{ replacement_file_id: string | null }>(
          `SELECT replacement_file_id FROM drawings WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, drawing.id],
        );
        await ctx.db.query(
          `UPDATE drawings SET replacement_file_id = $3, error = NULL, updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, drawing.id, stored.id],
        );
        const dropped = earlier[0]?.replacement_file_id;
        if (dropped) {
          await ctx.db.query(`DELETE FROM stored_files WHERE organisation_id = $1 AND id = $2`, [
            ctx.organisationId,
            dropped,
          ]);
          await removeStoredFilesAfterCommit(ctx);
        }
        await recordAudit(
          ctx,
          'drawings',
          [drawing.id],
          'REPLACE_IMAGE',
          { name: file.filename, size: file.size },
          before,
        );
        return { data: await loadDrawing(ctx, drawing.id) };
      },
    }),
    route({
      method: 'POST',
      path: '/drawings/:id/convert_to_pending',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Drawing'],
      summary:
        'Take a drawing off its level back to the project’s pending drawings (field-work §4); refused with 409 in_use while locations are on it',
      params: idParams,
      status: 201,
      response: z.object({ data: pendingDrawingSchema }),
      handler: async (ctx, { params }) => {
        const drawing = await liveDrawing(ctx, params.id);
        const { rows: used } = await ctx.db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM locations WHERE organisation_id = $1 AND drawing_id = $2`,
          [ctx.organisationId, drawing.id],
        );
        if (used[0]!.count > 0) {
          throw conflict(
            `The drawing has ${used[0]!.count} location(s) on it; move them first.`,
            'in_use',
          );
        }
        const pendingId = newId();
        await ctx.db.query(
          `INSERT INTO pending_drawings (id, organisation_id, project_id, name, width, height, status,
             error, stored_file_id, image_key, image_content_type)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            pendingId,
            ctx.organisationId,
            drawing.project_id,
            drawing.name,
            drawing.width,
            drawing.height,
            drawing.status,
            drawing.error,
            drawing.stored_file_id,
            drawing.image_key,
            drawing.image_content_type,
          ],
        );
        const before = await readBeforeImages(ctx, 'drawings', [drawing.id]);
        await ctx.db.query(`DELETE FROM drawings WHERE organisation_id = $1 AND id = $2`, [
          ctx.organisationId,
          drawing.id,
        ]);
        await recordAudit(
          ctx,
          'drawings',
          [drawing.id],
          'CONVERT_TO_PENDING',
          { pending_drawing_id: pendingId },
          before,
        );
        await recordAudit(ctx, 'pending_drawings', [pendingId], 'CREATE', {
          drawing_id: drawing.id,
        });
        const [pending] = await reader(pendingDrawingsResource).findMany(ctx, [pendingId]);
        return { data: pending };
      },
    }),
  ];
}
