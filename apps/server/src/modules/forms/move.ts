import {
  formFieldMoveSchema,
  formFieldSchema,
  formSectionMoveSchema,
  formSectionSchema,
  idSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit, readBeforeImages } from '../../platform/audit';
import { notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { formFieldsResource } from './fields.resource';
import { formPolicy } from './forms.resource';
import { formSectionsResource } from './sections.resource';

const params = z.object({ formId: idSchema, id: idSchema });

/** Renumbers a group so `id` (if any) lands at `toIndex` (clamped), the others keeping their order. */
async function placeAt(
  ctx: OrganisationContext,
  table: string,
  group: { column: string; value: string },
  id: string,
  toIndex: number,
) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE organisation_id = $1 AND ${group.column} = $2 AND id <> $3
      ORDER BY "order", id`,
    [ctx.organisationId, group.value, id],
  );
  const ids = rows.map((row) => row.id);
  if (id) ids.splice(Math.min(toIndex, ids.length), 0, id);
  await ctx.db.query(
    `UPDATE ${table} t SET "order" = o.position - 1, updated_at = now()
       FROM unnest($2::text[]) WITH ORDINALITY AS o (id, position)
      WHERE t.organisation_id = $1 AND t.id = o.id`,
    [ctx.organisationId, ids],
  );
}

export const formMoveRoutes = (): RouteDef[] => [
  route({
    method: 'PUT',
    path: '/forms/:formId/fields/:id/move',
    access: 'organisation',
    minRole: formPolicy.update.role,
    tags: ['Form field'],
    summary:
      'Move a field to a section of the same form (toFormSectionId) at a position in it (toIndex)',
    params,
    body: formFieldMoveSchema,
    response: z.object({ data: formFieldSchema }),
    handler: async (ctx, { params, body }) => {
      const { rows } = await ctx.db.query<{ form_section_id: string; target: string | null }>(
        `SELECT f.form_section_id,
                (SELECT s.id FROM form_sections s WHERE s.organisation_id = f.organisation_id
                    AND s.form_id = f.form_id AND s.id = $4) AS target
           FROM form_fields f WHERE f.organisation_id = $1 AND f.form_id = $2 AND f.id = $3`,
        [ctx.organisationId, params.formId, params.id, body.toFormSectionId],
      );
      if (!rows[0]) throw notFound('Form field');
      if (!rows[0].target)
        throw validationFailure([
          {
            field: 'toFormSectionId',
            message: 'Must be a section of this form.',
            code: 'not_found',
          },
        ]);
      const before = await readBeforeImages(ctx, 'form_fields', [params.id]);
      await ctx.db.query(
        `UPDATE form_fields SET form_section_id = $3 WHERE organisation_id = $1 AND id = $2`,
        [ctx.organisationId, params.id, body.toFormSectionId],
      );
      const group = { column: 'form_section_id', value: body.toFormSectionId };
      await placeAt(ctx, 'form_fields', group, params.id, body.toIndex);
      if (rows[0].form_section_id !== body.toFormSectionId)
        await placeAt(
          ctx,
          'form_fields',
          { column: 'form_section_id', value: rows[0].form_section_id },
          '',
          0,
        );
      await recordAudit(ctx, 'fields', [params.id], 'MOVE', body, before);
      const [field] = await reader(formFieldsResource).findMany(ctx, [params.id]);
      return { data: field };
    },
  }),
  route({
    method: 'PUT',
    path: '/forms/:formId/sections/:id/move',
    access: 'organisation',
    minRole: formPolicy.update.role,
    tags: ['Form section'],
    summary: 'Move a section to a position (toIndex) among its form’s sections',
    params,
    body: formSectionMoveSchema,
    response: z.object({ data: formSectionSchema }),
    handler: async (ctx, { params, body }) => {
      const { rows } = await ctx.db.query(
        `SELECT 1 FROM form_sections WHERE organisation_id = $1 AND form_id = $2 AND id = $3`,
        [ctx.organisationId, params.formId, params.id],
      );
      if (!rows[0]) throw notFound('Form section');
      const before = await readBeforeImages(ctx, 'form_sections', [params.id]);
      await placeAt(
        ctx,
        'form_sections',
        { column: 'form_id', value: params.formId },
        params.id,
        body.toIndex,
      );
      await recordAudit(ctx, 'sections', [params.id], 'MOVE', body, before);
      const [section] = await reader(formSectionsResource).findMany(ctx, [params.id]);
      return { data: section };
    },
  }),
];
