import { formSectionMoveSchema, formSectionSchema, idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { route, type RouteDef } from '../../platform/http/route';
import { placer, reader } from '../../platform/resource-kit';
import { formPolicy } from './forms.resource';
import { formSectionsResource } from './sections.resource';

const params = z.object({ formId: idSchema, id: idSchema });

const placeSection = placer(formSectionsResource);

export const formMoveRoutes = (): RouteDef[] => [
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
