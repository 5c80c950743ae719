import { idSchema, projectSchema, REPORT_COVER_MAX_PIXELS } from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema } from '../../platform/http/multipart';
import { route, type RouteDef } from '../../platform/http/route';
import {
  boxedImageUpload,
  discardImage,
  storeBoxedImage,
  type StoredImage,
} from '../../platform/uploads';

/** Signed links to a project's cover image last a day: long enough for a page left open. */
export const COVER_IMAGE_TTL_SECONDS = 24 * 60 * 60;

/** What projects.report_cover_image holds: the stored file and what it is (file_id since uploads are records). */
type StoredCoverImage = Omit<StoredImage, 'uploaded_at' | 'file_id'> & { file_id?: string };

/** A project's report cover image, normalised in the request. */
export const projectCoverImageUpload = boxedImageUpload(
  'project-report-cover-image',
  REPORT_COVER_MAX_PIXELS,
);

const PATH = '/projects/:id/files/report_cover_image';
const params = z.object({ id: idSchema });
const imageBody = z.object({
  file: uploadedFilesSchema.length(1, 'Send one image in the field "file"'),
});
const answer = z.object({ data: projectSchema });

/**
 * Sets (or with null removes) a live project's cover image; the replaced file is removed once
 * the change has committed, so a rolled-back request never loses the old image.
 */
async function setCoverImage(
  ctx: OrganisationContext,
  projectId: string,
  image: StoredCoverImage | null,
) {
  const { rows } = await ctx.db.query<{ report_cover_image: StoredCoverImage | null }>(
    `SELECT report_cover_image FROM projects
      WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE`,
    [ctx.organisationId, projectId],
  );
  if (!rows[0]) throw notFound('Project');
  const previous = rows[0].report_cover_image;
  if (!previous && !image) return;
  const before = await readBeforeImages(ctx, 'projects', [projectId]);
  await ctx.db.query(
    `UPDATE projects SET report_cover_image = $3, updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, projectId, image ? JSON.stringify(image) : null],
  );
  const changes = { report_cover_image: image ? { name: image.name, size: image.size } : null };
  await recordAudit(ctx, 'projects', [projectId], image ? 'UPLOAD' : 'REMOVE', changes, before);
  if (previous) await discardImage(ctx, previous);
}

/** POST and DELETE /projects/{id}/files/report_cover_image. */
export function coverImageRoutes(
  loadProject: (ctx: OrganisationContext, id: string) => Promise<unknown>,
): RouteDef[] {
  const base = {
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Project'] as string[],
    path: PATH,
    params,
    response: answer,
  } as const;
  return [
    route({
      ...base,
      method: 'POST',
      summary:
        'Upload the project\'s report cover image (multipart, one PNG, JPEG or WebP image in "file"; replaces the old one)',
      multipart: true,
      uploadLimits: { file: projectCoverImageUpload.maxBytes },
      body: imageBody,
      handler: async (ctx, { params, body }) => {
        const { rows } = await ctx.db.query(
          `SELECT 1 FROM projects WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
          [ctx.organisationId, params.id],
        );
        if (!rows[0]) throw notFound('Project');
        const stored = await storeBoxedImage(ctx, projectCoverImageUpload, body.file[0]!, {
          field: 'file',
          baseName: 'report-cover-image',
        });
        const { uploaded_at: _uploadedAt, ...image } = stored;
        await setCoverImage(ctx, params.id, image);
        return { data: await loadProject(ctx, params.id) };
      },
    }),
    route({
      ...base,
      method: 'DELETE',
      summary: "Remove the project's report cover image",
      handler: async (ctx, { params }) => {
        await setCoverImage(ctx, params.id, null);
        return { data: await loadProject(ctx, params.id) };
      },
    }),
  ];
}
