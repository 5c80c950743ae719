import { idSchema, libraryProjectTemplateSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';

const SELECT = `SELECT id, name, description, created_at, updated_at,
       coalesce(configuration->'forms', '[]') AS forms,
       coalesce(configuration->'location_statuses', '[]') AS location_statuses
  FROM library_project_templates`;

const present = (row: Record<string, unknown>) => ({
  ...row,
  created_at: new Date(row.created_at as string).toISOString(),
  updated_at: new Date(row.updated_at as string).toISOString(),
});

async function load(ctx: OrganisationContext, id?: string) {
  const { rows } = await ctx.db.query<Record<string, unknown>>(
    id ? `${SELECT} WHERE id = $1` : `${SELECT} ORDER BY lower(name), id`,
    id ? [id] : [],
  );
  return rows.map(present);
}

/** The product's library of project templates: the same for every organisation, read-only. */
export const libraryTemplateRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/library_project_templates',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Library project template'],
    summary:
      'The library project templates (name, description, forms, location statuses); start a project from one with POST /projects {library_project_template_id}',
    response: z.object({
      data: z.array(libraryProjectTemplateSchema),
      meta: z.object({
        total: z.number(),
        current_page: z.number(),
        per_page: z.number(),
        last_page: z.number(),
      }),
    }),
    handler: async (ctx) => {
      const data = await load(ctx);
      return {
        data,
        meta: {
          total: data.length,
          current_page: 1,
          per_page: Math.max(data.length, 1),
          last_page: 1,
        },
      };
    },
  }),
  route({
    method: 'GET',
    path: '/library_project_templates/:id',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Library project template'],
    summary: 'One library project template',
    params: z.object({ id: idSchema }),
    response: z.object({ data: libraryProjectTemplateSchema }),
    handler: async (ctx, { params }) => {
      const [row] = await load(ctx, params.id);
      if (!row) throw notFound('Library project template');
      return { data: row };
    },
  }),
];
