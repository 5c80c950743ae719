import {
  drawingSchema,
  idSchema,
  pendingDrawingConvertSchema,
  pendingDrawingSchema,
  pendingDrawingUploadFieldsSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema } from '../../platform/http/multipart';
import { route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { reader } from '../../platform/resource-kit';
import { storeUpload } from '../../platform/uploads';
import { assertLiveLevel, insertDrawing } from './drawing-routes';
import { drawingUpload } from './drawing-upload';
import { drawingsResource } from './drawings.resource';
import { pendingDrawingsResource } from './pending-drawings.resource';

const refuse = (field: string, message: string, code = 'not_found') =>
  validationFailure([{ field, message, code }]);

/** The project or site a pending drawing is uploaded to: exactly one, live, of this organisation. */
async function assertOwner(
  ctx: OrganisationContext,
  owner: { project_id?: string | undefined; site_id?: string | undefined },
) {
  if (!owner.project_id === !owner.site_id) {
    throw validationFailure([
      {
        field: owner.project_id ? 'site_id' : 'project_id',
        message: 'Give project_id or site_id (one of them).',
        code: owner.project_id ? 'invalid' : 'required',
      },
    ]);
  }
  const [table, id, field] = owner.project_id
    ? ['projects', owner.project_id, 'project_id']
    : ['sites', owner.site_id!, 'site_id'];
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM ${table} WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, id],
  );
  if (!rows.length) throw refuse(field, `${table === 'projects' ? 'Project' : 'Site'} not found.`);
}

const fileName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 255) || 'Drawing';

export function pendingDrawingRoutes(): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/pending_drawings',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Pending drawing'],
      summary:
        'Upload a pending drawing (multipart: file, a PDF or an image, plus project_id or site_id; name defaults to the file’s), processed on the queue like a drawing',
      multipart: true,
      uploadLimits: { file: drawingUpload.maxBytes },
      body: pendingDrawingUploadFieldsSchema.extend({
        file: uploadedFilesSchema.length(1, 'Send one file in the field "file"'),
      }),
      status: 201,
      response: z.object({ data: pendingDrawingSchema }),
      handler: async (ctx, { body }) => {
        await assertOwner(ctx, body);
        const file = body.file[0]!;
        const stored = await storeUpload(ctx, drawingUpload, file, { field: 'file' });
        const id = newId();
        await ctx.db.query(
          `INSERT INTO pending_drawings (id, organisation_id, project_id, site_id, name, stored_file_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            id,
            ctx.organisationId,
            body.project_id ?? null,
            body.site_id ?? null,
            body.name ?? fileName(file.filename),
            stored.id,
          ],
        );
        await recordAudit(ctx, 'pending_drawings', [id], 'UPLOAD', {
          name: file.filename,
          size: file.size,
        });
        const [pending] = await reader(pendingDrawingsResource).findMany(ctx, [id]);
        return { data: pending };
      },
    }),
    route({
      method: 'POST',
      path: '/pending_drawings/:id/convert',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Pending drawing'],
      summary:
        'Convert a pending drawing to a drawing on a level (body {level_id, name?}; field-work §4): it keeps its file and picture, and goes from the pending drawings. The level must be of the pending drawing’s project (or site)',
      params: z.object({ id: idSchema }),
      body: pendingDrawingConvertSchema,
      status: 201,
      response: z.object({ data: drawingSchema }),
      handler: async (ctx, { params, body }) => {
        const { rows } = await ctx.db.query<{
          id: string;
          project_id: string | null;
          site_id: string | null;
          name: string;
          width: number | null;
          height: number | null;
          status: string;
          error: string | null;
          stored_file_id: string | null;
          image_key: string | null;
          image_content_type: string | null;
        }>(`SELECT * FROM pending_drawings WHERE organisation_id = $1 AND id = $2 FOR UPDATE`, [
          ctx.organisationId,
          params.id,
        ]);
        const pending = rows[0];
        if (!pending) throw notFound('Pending drawing');
        await assertLiveLevel(ctx, body.level_id);
        const { rows: level } = await ctx.db.query<{ project_id: string; site_id: string }>(
          `SELECT b.project_id, b.site_id FROM levels l
             JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
            WHERE l.organisation_id = $1 AND l.id = $2`,
          [ctx.organisationId, body.level_id],
        );
        const place = level[0]!;
        if (
          (pending.project_id && place.project_id !== pending.project_id) ||
          (pending.site_id && place.site_id !== pending.site_id)
        ) {
          throw refuse(
            'level_id',
            `Must be a level of the pending drawing’s ${pending.project_id ? 'project' : 'site'}.`,
            'invalid',
          );
        }
        const drawingId = await insertDrawing(ctx, {
          level_id: body.level_id,
          name: body.name ?? pending.name,
          stored_file_id: pending.stored_file_id,
          status: pending.status,
          width: pending.width,
          height: pending.height,
          image_key: pending.image_key,
          image_content_type: pending.image_content_type,
          error: pending.error,
        });
        const before = await readBeforeImages(ctx, 'pending_drawings', [pending.id]);
        await ctx.db.query(`DELETE FROM pending_drawings WHERE organisation_id = $1 AND id = $2`, [
          ctx.organisationId,
          pending.id,
        ]);
        await recordAudit(
          ctx,
          'pending_drawings',
          [pending.id],
          'CONVERT',
          { drawing_id: drawingId, level_id: body.level_id },
          before,
        );
        await recordAudit(ctx, 'drawings', [drawingId], 'CREATE', {
          pending_drawing_id: pending.id,
        });
        const [drawing] = await reader(drawingsResource).findMany(ctx, [drawingId]);
        return { data: drawing };
      },
    }),
  ];
}
