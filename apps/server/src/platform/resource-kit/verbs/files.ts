import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../audit';
import { notFound } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import { uploadedFilesSchema, type UploadedFile } from '../../http/multipart';
import type { RouteDef } from '../../http/route';
import { filesOf } from '../files';
import { quote } from '../sql';
import type { VerbKit } from './kit';

/**
 * POST /{name}/{id}/{column} (multipart, the declared field) adds files to a record and
 * DELETE /{name}/{id}/{column}/{param} removes one; both need the caller's `update` on the record.
 */
export function fileRoutes(kit: VerbKit): RouteDef[] {
  const files = filesOf(kit.declaration);
  if (!files) return [];
  const { table, name } = kit.declaration;
  const column = quote(files.column);

  /** The record the caller may change (the parent's, visible, permitted), else its failure. */
  async function changeable(ctx: OrganisationContext, params: Record<string, string>) {
    const parentId = await kit.parentOf(ctx, params);
    const { failed } = await kit.allowed(ctx, parentId, [params.id!], 'update');
    if (failed[0]) throw kit.fail(failed[0]);
    return parentId;
  }

  const add = async (ctx: OrganisationContext, id: string, uploads: UploadedFile[]) => {
    const types = await files.checkTypes(ctx, uploads);
    const added = files.keep(uploads, (await files.stored(ctx, id)).length, types);
    const before = await readBeforeImages(ctx, table, [id]);
    await ctx.db.query(
      `UPDATE ${table} SET ${column} = ${column} || $3::jsonb, updated_at = now()
        WHERE organisation_id = $1 AND id = $2`,
      [ctx.organisationId, id, JSON.stringify(added)],
    );
    const changes = { [files.column]: added.map(({ id, name, size }) => ({ id, name, size })) };
    await recordAudit(ctx, name, [id], 'ADD_ATTACHMENTS', changes, before);
  };

  const remove = async (ctx: OrganisationContext, id: string, fileId: string) => {
    const file = (await files.stored(ctx, id)).find((item) => item.id === fileId);
    if (!file) throw notFound(files.label);
    const before = await readBeforeImages(ctx, table, [id]);
    await ctx.db.query(
      `UPDATE ${table}
          SET ${column} = (SELECT coalesce(jsonb_agg(a ORDER BY n), '[]'::jsonb)
                             FROM jsonb_array_elements(${column}) WITH ORDINALITY AS x (a, n)
                            WHERE a->>'id' <> $3),
              updated_at = now()
        WHERE organisation_id = $1 AND id = $2`,
      [ctx.organisationId, id, fileId],
    );
    const changes = { [files.label.toLowerCase()]: { id: file.id, name: file.name } };
    await recordAudit(ctx, name, [id], 'REMOVE_ATTACHMENT', changes, before);
    files.removeLater(ctx, [file]);
  };

  return [
    ...kit.writeRoutes(
      ['POST'],
      {
        path: `${kit.basePath}/:id/${files.column}`,
        summary: `Attach files (multipart, field "${files.field}")`,
        multipart: true,
        params: kit.idParams,
        body: z.object({ [files.field]: uploadedFilesSchema.min(1, 'Send at least one file') }),
        response: kit.one,
        handler: async (ctx, { params, body }) => {
          const parentId = await changeable(ctx, params);
          await add(ctx, params.id, body[files.field]!);
          return { data: await kit.loadOne(ctx, params.id, parentId) };
        },
      },
      'update',
    ),
    ...kit.writeRoutes(
      ['DELETE'],
      {
        path: `${kit.basePath}/:id/${files.column}/:${files.param}`,
        summary: `Remove one ${files.label.toLowerCase()}`,
        params: kit.idParams.extend({ [files.param]: idSchema }),
        response: kit.one,
        handler: async (ctx, { params }) => {
          const { id, [files.param]: fileId } = params as Record<string, string>;
          const parentId = await changeable(ctx, params);
          await remove(ctx, id!, fileId!);
          return { data: await kit.loadOne(ctx, id!, parentId) };
        },
      },
      'update',
    ),
  ];
}
