import { duplicatePhotoDetectionSchema, idSchema, idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit';
import { notFound } from '../../../platform/errors';
import type { OrganisationContext } from '../../../platform/http/context';
import { route, type RouteDef } from '../../../platform/http/route';
import { reader } from '../../../platform/resource-kit';
import { jobSheetsResource } from '../job-sheets.resource';
import { detectDuplicatePhotos } from './duplicates';

/** Runs the search for the organisation's sheets among ids; unknown ids are answered 404. */
async function detect(ctx: OrganisationContext, ids: string[]) {
  const unique = [...new Set(ids)];
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM job_sheets WHERE organisation_id = $1 AND id = ANY($2::text[]) FOR UPDATE`,
    [ctx.organisationId, unique],
  );
  if (rows.length !== unique.length) throw notFound('Job sheet');
  await detectDuplicatePhotos(ctx.db, ctx.organisationId, unique);
  await recordAudit(ctx, 'job_sheets', unique, 'DETECT_DUPLICATE_PHOTOS');
  return { data: await reader(jobSheetsResource).findMany(ctx, unique) };
}

/**
 * detect duplicate photos (field-work §4): finds again, for one sheet or many, the photos that
 * match photos of the organisation's other sheets (same bytes, or perceptual hashes at most
 * NEAR_DUPLICATE_MAX_DISTANCE bits apart), replacing the sheets' duplicate_photos; answers the
 * sheets as GET does.
 */
export function detectionRoutes(): RouteDef[] {
  const base = {
    method: 'POST',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Job sheet'] as string[],
    response: duplicatePhotoDetectionSchema,
  } as const;
  return [
    route({
      ...base,
      path: '/job_sheets/:id/detect_duplicate_photos',
      summary:
        "Find this sheet's photos again on the organisation's other job sheets (exact and near duplicates)",
      params: z.object({ id: idSchema }),
      handler: (ctx, { params }) => detect(ctx, [params.id]),
    }),
    route({
      ...base,
      path: '/job_sheets/detect_duplicate_photos_many',
      summary: 'Detect duplicate photos for many job sheets (body ids)',
      body: idsBodySchema,
      handler: (ctx, { body }) => detect(ctx, body.ids),
    }),
  ];
}
