import { copySections, formCopyReads } from '../forms';
import {
  idSchema,
  projectFormSchema,
  projectFormsSyncSchema,
  projectMaterialSchema,
  projectMaterialsSetSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader } from '../../platform/resource-kit';
import { resourceRoutes } from '../../platform/resource-kit';
import { resourceScope } from '../../platform/resource-kit';
import { checkIdsExist } from './checks';
import { configurationResources, OWNER_SCOPES, type OwnerColumn } from './configuration';
import { insertRows } from './copy-configuration';

const replacementQuery = z.object({ replacementLocationStatusId: idSchema.optional() }).loose();
const replacementBody = z.object({ replacementLocationStatusId: idSchema.optional() }).optional();

/** Reads a whole configuration list of one owner, in order. */
async function listOf(ctx: OrganisationContext, owner: OwnerColumn, name: string, ownerId: string) {
  const declaration = configurationResources[owner][name]!;
  const query = parseListQuery(new URLSearchParams());
  query.filters.set(owner, [ownerId]);
  query.page = { all: true };
  const rows = [];
  for await (const chunk of reader(declaration).streamRows(ctx, query)) rows.push(...chunk);
  return rows;
}

/** The configuration lists' own calls beyond the generic pattern, for one kind of owner. */
function ownerRoutes(owner: OwnerColumn): RouteDef[] {
  const scope = OWNER_SCOPES[owner];
  const resources = configurationResources[owner];
  const base = `/${scope.path}/:${scope.param}`;
  const params = z.object({ [scope.param]: idSchema });
  const withId = z.object({ [scope.param]: idSchema, id: idSchema });
  const ownerLabel = scope.label.toLowerCase();
  const { parentOf } = resourceScope(resources.location_statuses!);
  return [
    ...Object.values(resources).flatMap(resourceRoutes),
    // a copy's sections and fields, read as a library form's are
    ...formCopyReads(scope).flatMap(resourceRoutes),
    route({
      method: 'DELETE',
      path: `${base}/location_statuses/:id`,
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Location status'],
      summary: `Delete a location status of a ${ownerLabel}; its locations move to replacementLocationStatusId (query or body), another status of the same ${ownerLabel}`,
      params: withId,
      query: replacementQuery,
      body: replacementBody,
      handler: async (ctx, { params, query, body }) => {
        const ownerId = (await parentOf(ctx, params))!;
        const { id } = params as { id: string };
        const replacementId =
          query.replacementLocationStatusId ?? body?.replacementLocationStatusId;
        const { rows } = await ctx.db.query<{ id: string }>(
          `SELECT id FROM location_statuses WHERE organisation_id = $1 AND ${owner} = $2 AND id = ANY($3::text[])`,
          [ctx.organisationId, ownerId, [id, replacementId].filter(Boolean)],
        );
        const found = new Set(rows.map((row) => row.id));
        if (!found.has(id)) throw notFound('Location status');
        if (!replacementId || replacementId === id || !found.has(replacementId)) {
          throw validationFailure([
            {
              field: 'replacementLocationStatusId',
              message: replacementId
                ? `Must be another location status of this ${ownerLabel}.`
                : 'Name the status its locations move to.',
              code: replacementId ? 'not_found' : 'required',
            },
          ]);
        }
        // Its locations move to the replacement (job sheets that last set it follow, so their
        // location keeps the status they record); forms that set it set the replacement instead.
        if (owner === 'project_id') {
          await ctx.db.query(
            `UPDATE locations SET status_id = $3, updated_at = now()
              WHERE organisation_id = $1 AND status_id = $2`,
            [ctx.organisationId, id, replacementId],
          );
          await ctx.db.query(
            `UPDATE job_sheets SET location_status_id = $3
              WHERE organisation_id = $1 AND location_status_id = $2`,
            [ctx.organisationId, id, replacementId],
          );
        }
        await ctx.db.query(
          `UPDATE project_forms SET location_status_automation = (
              SELECT jsonb_object_agg(key, CASE WHEN value = to_jsonb($3::text) THEN to_jsonb($4::text) ELSE value END)
                FROM jsonb_each(location_status_automation)), updated_at = now()
            WHERE organisation_id = $1 AND ${owner} = $2 AND location_status_automation::text LIKE '%' || $3 || '%'`,
          [ctx.organisationId, ownerId, id, replacementId],
        );
        const before = await readBeforeImages(ctx, 'location_statuses', [id]);
        await ctx.db.query(`DELETE FROM location_statuses WHERE organisation_id = $1 AND id = $2`, [
          ctx.organisationId,
          id,
        ]);
        await recordAudit(
          ctx,
          'location_statuses',
          [id],
          'DELETE',
          { replacement: replacementId },
          before,
        );
        return undefined;
      },
    }),
    route({
      method: 'PUT',
      path: `${base}/materials`,
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Project material'],
      summary: `Set a ${ownerLabel}'s materials: {add_all_materials: true} adds every live material; {materialIds} makes the list exactly those`,
      params,
      body: projectMaterialsSetSchema,
      response: z.object({ data: z.array(projectMaterialSchema) }),
      handler: async (ctx, { params, body }) => {
        const ownerId = (await parentOf(ctx, params))!;
        const to = { column: owner, id: ownerId };
        if (body.materialIds) {
          const ids = [...new Set(body.materialIds)];
          await checkIdsExist(ctx, 'materials', ids, 'materialIds', 'Material');
          await ctx.db.query(
            `DELETE FROM project_materials WHERE organisation_id = $1 AND ${owner} = $2 AND NOT material_id = ANY($3::text[])`,
            [ctx.organisationId, ownerId, ids],
          );
          await ctx.db.query(
            `UPDATE project_materials pm SET "order" = o.position - 1, updated_at = now()
               FROM unnest($3::text[]) WITH ORDINALITY AS o (material_id, position)
              WHERE pm.organisation_id = $1 AND pm.${owner} = $2 AND pm.material_id = o.material_id`,
            [ctx.organisationId, ownerId, ids],
          );
          const { rows } = await ctx.db.query<{ material_id: string }>(
            `SELECT material_id FROM project_materials WHERE organisation_id = $1 AND ${owner} = $2`,
            [ctx.organisationId, ownerId],
          );
          const present = new Set(rows.map((row) => row.material_id));
          const added = ids.flatMap((materialId, order) =>
            present.has(materialId) ? [] : [{ material_id: materialId, order }],
          );
          await insertRows(ctx, 'project_materials', to, ['material_id', 'order'], added);
        } else {
          await ctx.db.query(
            `INSERT INTO project_materials (id, organisation_id, ${owner}, material_id, "order")
             SELECT substr(md5(random()::text || m.id), 1, 24), m.organisation_id, $2, m.id,
                    (SELECT coalesce(max("order") + 1, 0) FROM project_materials
                      WHERE organisation_id = $1 AND ${owner} = $2)
                      + row_number() OVER (ORDER BY lower(m.name), m.id) - 1
               FROM materials m
              WHERE m.organisation_id = $1 AND m.archived_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM project_materials pm
                  WHERE pm.organisation_id = $1 AND pm.${owner} = $2 AND pm.material_id = m.id)`,
            [ctx.organisationId, ownerId],
          );
        }
        await recordAudit(ctx, scope.path, [ownerId], 'SET_MATERIALS', {
          materials: body.materialIds ?? 'all',
        });
        return { data: await listOf(ctx, owner, 'materials', ownerId) };
      },
    }),
    route({
      method: 'POST',
      path: `${base}/forms/sync`,
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Project form'],
      summary: `Sync a ${ownerLabel}'s forms with the library: {form_ids} (optional) makes the list exactly those forms; every copy then takes its library form's current name`,
      params,
      body: projectFormsSyncSchema,
      response: z.object({ data: z.array(projectFormSchema) }),
      handler: async (ctx, { params, body }) => {
        const ownerId = (await parentOf(ctx, params))!;
        if (body?.form_ids) {
          const ids = [...new Set(body.form_ids)];
          await checkIdsExist(ctx, 'forms', ids, 'form_ids', 'Form');
          await ctx.db.query(
            `DELETE FROM project_forms WHERE organisation_id = $1 AND ${owner} = $2 AND NOT form_id = ANY($3::text[])`,
            [ctx.organisationId, ownerId, ids],
          );
          await ctx.db.query(
            `INSERT INTO project_forms (id, organisation_id, ${owner}, form_id, name, "order")
             SELECT substr(md5(random()::text || f.id), 1, 24), f.organisation_id, $2, f.id, f.name, o.position - 1
               FROM unnest($3::text[]) WITH ORDINALITY AS o (form_id, position)
               JOIN forms f ON f.organisation_id = $1 AND f.id = o.form_id
              WHERE NOT EXISTS (SELECT 1 FROM project_forms pf
                 WHERE pf.organisation_id = $1 AND pf.${owner} = $2 AND pf.form_id = f.id)`,
            [ctx.organisationId, ownerId, ids],
          );
          await ctx.db.query(
            `UPDATE project_forms pf SET "order" = o.position - 1
               FROM unnest($3::text[]) WITH ORDINALITY AS o (form_id, position)
              WHERE pf.organisation_id = $1 AND pf.${owner} = $2 AND pf.form_id = o.form_id`,
            [ctx.organisationId, ownerId, ids],
          );
        }
        await ctx.db.query(
          `UPDATE project_forms pf SET name = f.name, synced_at = now(), updated_at = now()
             FROM forms f
            WHERE pf.organisation_id = $1 AND pf.${owner} = $2
              AND f.organisation_id = pf.organisation_id AND f.id = pf.form_id`,
          [ctx.organisationId, ownerId],
        );
        // Each copy keeps its own id and takes its library form's sections and fields.
        const { rows: copies } = await ctx.db.query<{ id: string; form_id: string }>(
          `SELECT id, form_id FROM project_forms WHERE organisation_id = $1 AND ${owner} = $2`,
          [ctx.organisationId, ownerId],
        );
        for (const copy of copies)
          await copySections(ctx, copy.form_id, { project_form_id: copy.id }, true);
        await recordAudit(ctx, scope.path, [ownerId], 'SYNC_FORMS', {
          forms: body?.form_ids ?? null,
        });
        return { data: await listOf(ctx, owner, 'forms', ownerId) };
      },
    }),
  ];
}

export const configurationRoutes = (): RouteDef[] => [
  ...ownerRoutes('project_id'),
  ...ownerRoutes('project_template_id'),
];
