import {
  formFieldMoveSchema,
  formFieldSchema,
  formSectionMoveSchema,
  formSectionSchema,
  idSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { notFound, validationFailure } from '../../platform/errors';
import { route, type RouteDef } from '../../platform/http/route';
import { placer, reader } from '../../platform/resource-kit';
import { formFieldsResource } from './fields.resource';
import { formPolicy } from './forms.resource';
import { formSectionsResource } from './sections.resource';

const params = z.object({ formId: idSchema, id: idSchema });

const placeField = placer(formFieldsResource);
const placeSection = placer(formSectionsResource);

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
      await placeField(ctx, [params.id], body.toIndex, 'MOVE', {
        form_section_id: body.toFormSectionId,
      });
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
      await placeSection(ctx, [params.id], body.toIndex, 'MOVE');
      const [section] = await reader(formSectionsResource).findMany(ctx, [params.id]);
      return { data: section };
    },
  }),
];
