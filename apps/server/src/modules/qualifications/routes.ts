import {
  idSchema,
  qualificationCreateSchema,
  qualificationUpdateSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { forbidden, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema, type UploadedFile } from '../../platform/http/multipart';
import { route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import type { Row } from '../../platform/resource-kit';
import { reader } from '../../platform/resource-kit';
import { resourceRoutes } from '../../platform/resource-kit';
import { writer } from '../../platform/resource-kit';
import {
  attachmentsOf,
  managesAll,
  qualificationsResource as resource,
  type StoredAttachment,
} from './qualifications.resource';

/** Attachments a qualification may hold in all. */
export const MAX_ATTACHMENTS = 50;

const read = reader(resource);
/** The stored rows, storage keys included, under the same visibility, for the writes. */
const stored = reader({ ...resource, present: undefined });
const write = writer(resource);
const tags = ['Qualification'];
const idParams = z.object({ id: idSchema });
const one = z.object({ data: resource.record });

/** A qualification the caller may see, as stored: operatives only their own; others are not found. */
async function loadVisible(ctx: OrganisationContext, id: string): Promise<Row> {
  const [row] = await stored.findMany(ctx, [id]);
  if (!row) throw notFound('Qualification');
  return row;
}

const answer = async (ctx: OrganisationContext, id: string) => {
  const [row] = await read.findMany(ctx, [id]);
  if (!row) throw notFound('Qualification');
  return { data: row };
};

/** Operatives record only their own qualifications; others must name a member of this organisation. */
async function checkHolder(ctx: OrganisationContext, userId: string) {
  if (!managesAll(ctx)) {
    if (userId !== ctx.user.id) {
      throw forbidden('You may only record your own qualifications.', 'own_records_only');
    }
    return;
  }
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND deleted_at IS NULL AND NOT guest`,
    [ctx.organisationId, userId],
  );
  if (!rows.length) {
    throw validationFailure([
      { field: 'user_id', message: 'Must be a member of the organisation.', code: 'not_found' },
    ]);
  }
}

/** Keeps uploaded files as attachments (the request no longer removes them). */
function keep(files: UploadedFile[], existing: number): StoredAttachment[] {
  if (existing + files.length > MAX_ATTACHMENTS) {
    throw validationFailure([
      {
        field: 'files',
        message: `A qualification holds at most ${MAX_ATTACHMENTS} attachments.`,
        code: 'too_big',
      },
    ]);
  }
  return files.map((file) => {
    file.claim();
    return {
      id: newId(),
      name: file.filename,
      size: file.size,
      content_type: file.contentType,
      key: file.key,
    };
  });
}

/** Storage is changed after the commit, so a rolled-back request never loses a file. */
function removeFilesLater(ctx: OrganisationContext, attachments: StoredAttachment[]) {
  if (attachments.length === 0) return;
  ctx.afterCommit(async () => {
    for (const attachment of attachments) await ctx.services.storage.remove(attachment.key);
  });
}

// Routes -------------------------------------------------------------------------------------

const createBody = qualificationCreateSchema.extend({ files: uploadedFilesSchema.optional() });
const updateBody = qualificationUpdateSchema.extend({ files: uploadedFilesSchema.optional() });

export function qualificationRoutes(): RouteDef[] {
  const base = {
    access: 'organisation',
    minRole: 'OPERATIVE',
    accessNote: 'OPERATIVE: only their own qualifications; MANAGER and above: everyone’s',
    tags,
  } as const;
  return [
    ...resourceRoutes(resource),
    route({
      ...base,
      method: 'POST',
      path: '/qualifications',
      summary:
        'Record a qualification (JSON, or multipart with files); operatives only their own, user_id defaults to you',
      multipart: true,
      body: createBody,
      status: 201,
      response: one,
      handler: async (ctx, { body }) => {
        const { files = [], ...fields } = body;
        const userId = fields.user_id ?? ctx.user.id;
        await checkHolder(ctx, userId);
        const [id] = await write.insert(ctx, [
          { ...fields, user_id: userId, attachments: JSON.stringify(keep(files, 0)) },
        ]);
        return answer(ctx, id!);
      },
    }),
    ...(['PUT', 'PATCH'] as const).map((method) =>
      route({
        ...base,
        method,
        path: '/qualifications/:id',
        summary:
          'Update a qualification (fields not sent stay; files sent are added as attachments)',
        multipart: true,
        params: idParams,
        body: updateBody,
        response: one,
        handler: async (ctx, { params, body }) => {
          const existing = await loadVisible(ctx, params.id);
          const { files = [], ...fields } = body;
          if (fields.user_id !== undefined) await checkHolder(ctx, fields.user_id);
          const values: Record<string, unknown> = { ...fields };
          if (files.length) {
            const current = attachmentsOf(existing);
            values.attachments = JSON.stringify([...current, ...keep(files, current.length)]);
          }
          await write.update(ctx, existing, values);
          return answer(ctx, params.id);
        },
      }),
    ),
    route({
      ...base,
      method: 'DELETE',
      path: '/qualifications/:id',
      summary: 'Delete a qualification and its attachments (operatives: their own)',
      params: idParams,
      handler: async (ctx, { params }) => {
        const existing = await loadVisible(ctx, params.id);
        await write.remove(ctx, [params.id], false);
        removeFilesLater(ctx, attachmentsOf(existing));
        return undefined;
      },
    }),
    route({
      ...base,
      method: 'POST',
      path: '/qualifications/:id/attachments',
      summary: 'Attach files (multipart, field "files")',
      multipart: true,
      params: idParams,
      body: z.object({ files: uploadedFilesSchema.min(1, 'Send at least one file') }),
      response: one,
      handler: async (ctx, { params, body }) => {
        const existing = await loadVisible(ctx, params.id);
        const added = keep(body.files, attachmentsOf(existing).length);
        const before = await readBeforeImages(ctx, 'qualifications', [params.id]);
        await ctx.db.query(
          `UPDATE qualifications SET attachments = attachments || $3::jsonb, updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id, JSON.stringify(added)],
        );
        const changes = { attachments: added.map(({ id, name, size }) => ({ id, name, size })) };
        await recordAudit(ctx, 'qualifications', [params.id], 'ADD_ATTACHMENTS', changes, before);
        return answer(ctx, params.id);
      },
    }),
    route({
      ...base,
      method: 'DELETE',
      path: '/qualifications/:id/attachments/:attachmentId',
      summary: 'Remove one attachment',
      params: z.object({ id: idSchema, attachmentId: idSchema }),
      response: one,
      handler: async (ctx, { params }) => {
        const existing = await loadVisible(ctx, params.id);
        const attachment = attachmentsOf(existing).find((item) => item.id === params.attachmentId);
        if (!attachment) throw notFound('Attachment');
        const before = await readBeforeImages(ctx, 'qualifications', [params.id]);
        await ctx.db.query(
          `UPDATE qualifications
              SET attachments = (SELECT coalesce(jsonb_agg(a ORDER BY n), '[]'::jsonb)
                                   FROM jsonb_array_elements(attachments) WITH ORDINALITY AS x (a, n)
                                  WHERE a->>'id' <> $3),
                  updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id, params.attachmentId],
        );
        const changes = { attachment: { id: attachment.id, name: attachment.name } };
        await recordAudit(ctx, 'qualifications', [params.id], 'REMOVE_ATTACHMENT', changes, before);
        removeFilesLater(ctx, [attachment]);
        return answer(ctx, params.id);
      },
    }),
  ];
}
