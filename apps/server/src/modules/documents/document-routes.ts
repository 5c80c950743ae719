import {
  documentFileQuerySchema,
  documentFolderCreateBodySchema,
  documentSchema,
  documentUploadFieldsSchema,
  idSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { AppError, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema } from '../../platform/http/multipart';
import { Answer, route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { reader } from '../../platform/resource-kit';
import { storeUpload } from '../../platform/uploads';
import { documentUpload } from './document-upload';
import { documentsResource } from './documents.resource';
import { DOCUMENT_URL_TTL_SECONDS, downloadName } from './files';

const oneFile = uploadedFilesSchema.length(1, 'Send one file in the field "file"');
const one = z.object({ data: documentSchema });
const idParams = z.object({ id: idSchema });

export const loadDocument = async (ctx: OrganisationContext, id: string) =>
  (await reader(documentsResource).findMany(ctx, [id]))[0];

/** A live project of this organisation, else a 422 naming project_id. */
async function assertProject(ctx: OrganisationContext, projectId: string) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM projects WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, projectId],
  );
  if (!rows[0])
    throw validationFailure([
      { field: 'project_id', message: 'Project not found.', code: 'not_found' },
    ]);
}

/** A folder of that project the caller sees, else a 422 naming folder_id. */
async function assertFolder(ctx: OrganisationContext, projectId: string, folderId: string) {
  const [folder] = await reader(documentsResource).findMany(ctx, [folderId]);
  if (!folder || !folder.is_folder || folder.project_id !== projectId)
    throw validationFailure([
      { field: 'folder_id', message: 'Folder not found in this project.', code: 'not_found' },
    ]);
}

/** A name not used by a sibling of the same kind, else a 422 naming `field`. */
async function assertFreeName(
  ctx: OrganisationContext,
  row: { project_id: string; folder_id: string | null; name: string; is_folder: boolean },
  field: string,
) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM document_folders WHERE organisation_id = $1 AND project_id = $2
        AND folder_id IS NOT DISTINCT FROM $3 AND is_folder = $4 AND lower(name) = lower($5)`,
    [ctx.organisationId, row.project_id, row.folder_id, row.is_folder, row.name],
  );
  if (rows[0])
    throw validationFailure([
      {
        field,
        message: `A ${row.is_folder ? 'folder' : 'file'} called ${row.name} is already there.`,
        code: 'name_clash',
      },
    ]);
}

/** Inserts a folder or file row of a project's tree; answers its id. */
export async function insertDocument(
  ctx: OrganisationContext,
  values: {
    project_id: string;
    folder_id: string | null;
    name: string;
    private?: boolean;
    stored_file_id?: string | null;
  },
) {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO document_folders (id, organisation_id, project_id, folder_id, name, private,
       is_folder, stored_file_id, created_by_user_id, "order")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
       (SELECT coalesce(max("order") + 1, 0) FROM document_folders
         WHERE organisation_id = $2 AND project_id = $3))`,
    [
      id,
      ctx.organisationId,
      values.project_id,
      values.folder_id,
      values.name,
      values.private ?? false,
      !values.stored_file_id,
      values.stored_file_id ?? null,
      ctx.user.id,
    ],
  );
  return id;
}

/** A file's name kept as sent (its extension too), trimmed to fit. */
const nameOf = (filename: string) => filename.trim().slice(0, 255) || 'Document';

export function documentRoutes(): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/documents/file',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Document'],
      summary:
        'Upload a document into a project’s folder (multipart: project_id, folder_id (empty: the root), file). The type is read from the bytes; a name used in the folder is refused (422 name_clash)',
      multipart: true,
      uploadLimits: { file: documentUpload.maxBytes },
      body: documentUploadFieldsSchema.extend({ file: oneFile }).strict(),
      status: 201,
      response: one,
      handler: async (ctx, { body }) => {
        await assertProject(ctx, body.project_id);
        const folderId = body.folder_id ? body.folder_id : null;
        if (folderId) await assertFolder(ctx, body.project_id, folderId);
        const file = body.file[0]!;
        const name = nameOf(file.filename);
        await assertFreeName(
          ctx,
          { project_id: body.project_id, folder_id: folderId, name, is_folder: false },
          'file',
        );
        const stored = await storeUpload(ctx, documentUpload, file, { field: 'file' });
        const id = await insertDocument(ctx, {
          project_id: body.project_id,
          folder_id: folderId,
          name,
          stored_file_id: stored.id,
        });
        await recordAudit(ctx, 'documents', [id], 'UPLOAD', {
          project_id: body.project_id,
          folder_id: folderId,
          name,
          size: file.size,
        });
        return { data: await loadDocument(ctx, id) };
      },
    }),
    route({
      method: 'POST',
      path: '/documents/folder',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Document'],
      summary:
        'Create a folder in a project’s documents (body: project_id, folder_id (null: the root), name, private)',
      body: documentFolderCreateBodySchema,
      status: 201,
      response: one,
      handler: async (ctx, { body }) => {
        await assertProject(ctx, body.project_id);
        const folderId = body.folder_id ?? null;
        if (folderId) await assertFolder(ctx, body.project_id, folderId);
        await assertFreeName(
          ctx,
          { project_id: body.project_id, folder_id: folderId, name: body.name, is_folder: true },
          'name',
        );
        const id = await insertDocument(ctx, {
          project_id: body.project_id,
          folder_id: folderId,
          name: body.name,
          private: body.private ?? false,
        });
        await recordAudit(ctx, 'documents', [id], 'CREATE', {
          project_id: body.project_id,
          folder_id: folderId,
          name: body.name,
          private: body.private ?? false,
        });
        return { data: await loadDocument(ctx, id) };
      },
    }),
    route({
      method: 'GET',
      path: '/documents/:id/file',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags: ['Document'],
      summary:
        'The document’s file: a redirect (302) to a signed, expiring address; inline=false downloads it, inline=true (default) shows it in the browser; width, format and page ask for a converted copy (a PDF’s page or an image as an image)',
      params: idParams,
      query: documentFileQuerySchema,
      status: 302,
      handler: async (ctx, { params, query }) => {
        const document = await loadDocument(ctx, params.id);
        if (!document) throw notFound('Document');
        const { rows } = await ctx.db.query<{ key: string; content_type: string }>(
          `SELECT s.key, s.content_type FROM document_folders d
             JOIN stored_files s ON s.organisation_id = d.organisation_id AND s.id = d.stored_file_id
            WHERE d.organisation_id = $1 AND d.id = $2`,
          [ctx.organisationId, params.id],
        );
        const file = rows[0];
        if (!file) throw new AppError(422, 'not_a_file', 'A folder has no file.');
        return new Answer(302, undefined, {
          location: fileAddress(ctx, file.key, String(document.name), file.content_type, query),
          'cache-control': 'private, no-store',
        });
      },
    }),
  ];
}

/** A signed, expiring address of a stored file with the spec's inline and conversion queries. */
export function fileAddress(
  ctx: OrganisationContext,
  key: string,
  name: string,
  contentType: string,
  query: z.output<typeof documentFileQuerySchema>,
) {
  const conversion = {
    ...(query.width ? { width: query.width } : {}),
    ...(query.format ? { format: query.format } : {}),
    ...(query.page ? { page: query.page } : {}),
  };
  const url = ctx.services.storage.signedUrl(key, {
    ttlSeconds: DOCUMENT_URL_TTL_SECONDS,
    filename: downloadName(name, contentType, key),
    ...(Object.keys(conversion).length ? { conversion } : {}),
  });
  return query.inline === 'false' ? `${url}&download=1` : url;
}
