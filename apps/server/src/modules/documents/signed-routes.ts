import { Readable } from 'node:stream';
import {
  documentConvertToSignedSchema,
  documentFileQuerySchema,
  idSchema,
  signedDocumentCreateSchema,
  signedDocumentMemberSchema,
  signedDocumentMembersAddSchema,
  signedDocumentRemindResultSchema,
  signedDocumentRemindSchema,
  signedDocumentSchema,
  signedDocumentSignSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { publishEvent } from '../../platform/events';
import { registerBuildKind, startBuild } from '../../platform/builds';
import { AppError, conflict, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema } from '../../platform/http/multipart';
import { Answer, route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { sendMail, webLink } from '../../platform/mail/mailer';
import { reader } from '../../platform/resource-kit';
import { storeUpload } from '../../platform/uploads';
import { fileAddress, loadDocument } from './document-routes';
import { signedDocumentUpload } from './document-upload';
import { signedCopyBuild } from './signed-copy.build';
import {
  signedDocumentMembersResource,
  signedDocumentsResource,
} from './signed-documents.resource';

const idParams = z.object({ id: idSchema });
const one = z.object({ data: signedDocumentSchema });
const oneMember = z.object({ data: signedDocumentMemberSchema });
const memberList = z.object({ data: z.array(signedDocumentMemberSchema) });
const oneFile = uploadedFilesSchema.length(1, 'Send one file in the field "file"');

export const loadSignedDocument = async (ctx: OrganisationContext, id: string) =>
  (await reader(signedDocumentsResource).findMany(ctx, [id]))[0];

const loadMembers = (ctx: OrganisationContext, ids: string[]) =>
  reader(signedDocumentMembersResource).findMany(ctx, ids);

/** A signed document the caller sees, else 404. */
async function visibleDocument(ctx: OrganisationContext, id: string) {
  const document = await loadSignedDocument(ctx, id);
  if (!document) throw notFound('Signed document');
  return document;
}

type CreateInput = z.output<typeof signedDocumentCreateSchema>;

/** Checks a project (and its signed document folder) of this organisation; 422 naming fields. */
async function checkPlace(
  ctx: OrganisationContext,
  projectId: string,
  folderId: string | null | undefined,
  fields = { project: 'project_id', folder: 'folder_id' },
) {
  const { rows } = await ctx.db.query<{ folder: boolean }>(
    `SELECT ($3::text IS NULL OR EXISTS (SELECT 1 FROM signed_document_folders f
              WHERE f.organisation_id = $1 AND f.project_id = $2 AND f.id = $3)) AS folder
       FROM projects WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, projectId, folderId ?? null],
  );
  if (!rows[0])
    throw validationFailure([
      { field: fields.project, message: 'Project not found.', code: 'not_found' },
    ]);
  if (!rows[0].folder)
    throw validationFailure([
      {
        field: fields.folder,
        message: 'Not a signed document folder of this project.',
        code: 'not_found',
      },
    ]);
}

/** Active members of this organisation among ids, else a 422 naming `field`. */
async function checkMembers(ctx: OrganisationContext, userIds: string[], field: string) {
  if (!userIds.length) return;
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `SELECT user_id FROM memberships WHERE organisation_id = $1 AND user_id = ANY($2::text[])
        AND active AND deleted_at IS NULL`,
    [ctx.organisationId, userIds],
  );
  const found = new Set(rows.map((row) => row.user_id));
  const missing = userIds.filter((id) => !found.has(id));
  if (missing.length)
    throw validationFailure([
      { field, message: `Not active members here: ${missing.join(', ')}.`, code: 'not_found' },
    ]);
}

/** Adds recipients (by name, or through teams), leaving those already asked alone. */
export async function addRecipients(
  ctx: OrganisationContext,
  documentId: string,
  userIds: string[],
  teamIds: string[] = [],
) {
  const { rows: teamRows } = teamIds.length
    ? await ctx.db.query<{ team_id: string; user_id: string }>(
        `SELECT tm.team_id, tm.user_id FROM team_members tm
           JOIN memberships m ON m.organisation_id = tm.organisation_id AND m.user_id = tm.user_id
            AND m.active AND m.deleted_at IS NULL
          WHERE tm.organisation_id = $1 AND tm.team_id = ANY($2::text[])`,
        [ctx.organisationId, teamIds],
      )
    : { rows: [] };
  const teamsOf = new Map<string, string[]>();
  for (const row of teamRows)
    teamsOf.set(row.user_id, [...(teamsOf.get(row.user_id) ?? []), row.team_id]);
  const everyone = [...new Set([...userIds, ...teamsOf.keys()])];
  if (!everyone.length) return [];
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO signed_document_members (id, organisation_id, signed_document_id, user_id, team_ids)
     SELECT md5(random()::text || clock_timestamp()::text || u.user_id)::varchar(24), $1, $2,
            u.user_id, coalesce(u.team_ids, '{}')
       FROM jsonb_to_recordset($3::jsonb) AS u (user_id text, team_ids text[])
     ON CONFLICT (signed_document_id, user_id) DO UPDATE
        SET team_ids = (SELECT array(SELECT DISTINCT unnest(signed_document_members.team_ids
                                                         || EXCLUDED.team_ids))),
            updated_at = now()
     RETURNING id`,
    [
      ctx.organisationId,
      documentId,
      JSON.stringify(
        everyone.map((userId) => ({ user_id: userId, team_ids: teamsOf.get(userId) ?? [] })),
      ),
    ],
  );
  return rows.map((row) => row.id);
}

/** Members who join a project are asked to sign its automatic, published documents. */
export async function askJoinedMembers(
  ctx: OrganisationContext,
  projectId: string,
  userIds: string[],
) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM signed_documents WHERE organisation_id = $1 AND project_id = $2
        AND is_automatic`,
    [ctx.organisationId, projectId],
  );
  for (const { id } of rows) await addRecipients(ctx, id, userIds);
}

/** Teams of this organisation, else a 422 naming team_ids. */
async function checkTeams(ctx: OrganisationContext, teamIds: string[]) {
  if (!teamIds.length) return;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM teams WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, teamIds],
  );
  if (rows.length !== new Set(teamIds).size)
    throw validationFailure([{ field: 'team_ids', message: 'Team not found.', code: 'not_found' }]);
}

/** Inserts a signed document over a stored PDF; answers its id. */
async function insertSignedDocument(
  ctx: OrganisationContext,
  input: CreateInput & { stored_file_id: string; document_id?: string | null },
) {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO signed_documents (id, organisation_id, project_id, folder_id, name, reference,
       prevent_job_sheets, is_automatic, is_mandatory, stored_file_id, document_id,
       created_by_user_id, status, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
             CASE WHEN $13 = 'ACTIVE' THEN now() END)`,
    [
      id,
      ctx.organisationId,
      input.project_id,
      input.folder_id ?? null,
      input.name,
      input.reference ?? null,
      input.prevent_job_sheets ?? false,
      input.is_automatic ?? false,
      input.is_mandatory ?? false,
      input.stored_file_id,
      input.document_id ?? null,
      ctx.user.id,
      input.enableOnCreate ? 'ACTIVE' : 'INACTIVE',
    ],
  );
  await addRecipients(ctx, id, input.addUserIds ?? []);
  await recordAudit(ctx, 'signed_documents', [id], 'CREATE', {
    project_id: input.project_id,
    name: input.name,
    enableOnCreate: input.enableOnCreate ?? false,
  });
  return id;
}

/** The spec's create: the document, and a copy in each of `addToProjectFolders`. */
async function createSignedDocuments(
  ctx: OrganisationContext,
  input: CreateInput & { stored_file_id: string; document_id?: string | null },
) {
  await checkPlace(ctx, input.project_id, input.folder_id);
  await checkMembers(ctx, input.addUserIds ?? [], 'addUserIds');
  for (const [index, place] of (input.addToProjectFolders ?? []).entries()) {
    await checkPlace(ctx, place.projectId, place.folderId, {
      project: `addToProjectFolders.${index}.projectId`,
      folder: `addToProjectFolders.${index}.folderId`,
    });
  }
  const id = await insertSignedDocument(ctx, input);
  for (const place of input.addToProjectFolders ?? []) {
    if (
      place.projectId === input.project_id &&
      (place.folderId ?? null) === (input.folder_id ?? null)
    )
      continue;
    await insertSignedDocument(ctx, {
      ...input,
      project_id: place.projectId,
      folder_id: place.folderId,
      addUserIds: [],
    });
  }
  return id;
}

/** The caller's recipient row of a document they see, locked, else 404 / 422. */
async function ownEntry(ctx: OrganisationContext, documentId: string) {
  const { rows } = await ctx.db.query<{
    id: string;
    completed_at: Date | null;
    published_at: Date | null;
    status: string;
  }>(
    `SELECT m.id, m.completed_at, d.published_at, d.status FROM signed_document_members m
       JOIN signed_documents d ON d.organisation_id = m.organisation_id AND d.id = m.signed_document_id
      WHERE m.organisation_id = $1 AND m.signed_document_id = $2 AND m.user_id = $3
      FOR UPDATE OF m`,
    [ctx.organisationId, documentId, ctx.user.id],
  );
  return rows[0] ?? null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function signedDocumentRoutes(): RouteDef[] {
  registerBuildKind(signedCopyBuild);
  return [
    route({
      method: 'POST',
      path: '/signed_documents',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Signed document'],
      summary:
        'Create a signed document (multipart: file, a PDF; project_id, folder_id, name, reference, and as the strings true/false prevent_job_sheets, is_automatic, is_mandatory, enableOnCreate; addUserIds; addToProjectFolders as JSON [{projectId, folderId}])',
      multipart: true,
      uploadLimits: { file: signedDocumentUpload.maxBytes },
      body: signedDocumentCreateSchema.extend({ file: oneFile }).strict(),
      status: 201,
      response: one,
      handler: async (ctx, { body }) => {
        const { file, ...input } = body;
        const stored = await storeUpload(ctx, signedDocumentUpload, file[0]!, { field: 'file' });
        const id = await createSignedDocuments(ctx, { ...input, stored_file_id: stored.id });
        return { data: await loadSignedDocument(ctx, id) };
      },
    }),
    route({
      method: 'PUT',
      path: '/documents/:id/convert_to_signed',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Document'],
      summary:
        'Make a signed document of a project’s PDF document (body: folder_id (a signed document folder), reference, prevent_job_sheets, enableOnCreate, addUserIds). The document stays; both share the file',
      params: idParams,
      body: documentConvertToSignedSchema,
      status: 201,
      response: one,
      handler: async (ctx, { params, body }) => {
        const document = await loadDocument(ctx, params.id);
        if (!document) throw notFound('Document');
        const { rows } = await ctx.db.query<{ stored_file_id: string; content_type: string }>(
          `SELECT d.stored_file_id, s.content_type FROM document_folders d
             JOIN stored_files s ON s.organisation_id = d.organisation_id AND s.id = d.stored_file_id
            WHERE d.organisation_id = $1 AND d.id = $2`,
          [ctx.organisationId, params.id],
        );
        if (!rows[0] || rows[0].content_type !== 'application/pdf')
          throw new AppError(422, 'not_a_pdf', 'Only a PDF document can be signed.');
        const id = await createSignedDocuments(ctx, {
          ...body,
          project_id: String(document.project_id),
          name: String(document.name).replace(/\.pdf$/i, ''),
          stored_file_id: rows[0].stored_file_id,
          document_id: params.id,
        });
        await recordAudit(ctx, 'documents', [params.id], 'CONVERT_TO_SIGNED', {
          signed_document_id: id,
        });
        return { data: await loadSignedDocument(ctx, id) };
      },
    }),
    route({
      method: 'POST',
      path: '/signed_documents/:signedDocumentId/members',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Signed document'],
      summary:
        'Ask members to sign: by name (user_ids) and whole teams (team_ids); those already asked stay as they are',
      params: z.object({ signedDocumentId: idSchema }),
      body: signedDocumentMembersAddSchema,
      status: 201,
      response: memberList,
      handler: async (ctx, { params, body }) => {
        await visibleDocument(ctx, params.signedDocumentId);
        await checkMembers(ctx, body.user_ids ?? [], 'user_ids');
        await checkTeams(ctx, body.team_ids ?? []);
        const ids = await addRecipients(
          ctx,
          params.signedDocumentId,
          body.user_ids ?? [],
          body.team_ids ?? [],
        );
        await recordAudit(ctx, 'signed_documents', [params.signedDocumentId], 'ADD_MEMBERS', {
          user_ids: body.user_ids ?? [],
          team_ids: body.team_ids ?? [],
        });
        return { data: await loadMembers(ctx, ids) };
      },
    }),
    route({
      method: 'GET',
      path: '/signed_documents/:id/file',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags: ['Signed document'],
      summary:
        'The signed document’s PDF: a redirect (302) to a signed, expiring address (inline=false downloads it; width, format, page: a page as an image)',
      params: idParams,
      query: documentFileQuerySchema,
      status: 302,
      handler: async (ctx, { params, query }) => {
        const document = await visibleDocument(ctx, params.id);
        const { rows } = await ctx.db.query<{ key: string; content_type: string }>(
          `SELECT s.key, s.content_type FROM signed_documents d
             JOIN stored_files s ON s.organisation_id = d.organisation_id AND s.id = d.stored_file_id
            WHERE d.organisation_id = $1 AND d.id = $2`,
          [ctx.organisationId, params.id],
        );
        return new Answer(302, undefined, {
          location: fileAddress(
            ctx,
            rows[0]!.key,
            String(document.name),
            rows[0]!.content_type,
            query,
          ),
          'cache-control': 'private, no-store',
        });
      },
    }),
    route({
      method: 'POST',
      path: '/signed_documents/:id/view',
      access: 'organisation',
      minRole: 'GUEST',
      tags: ['Signed document'],
      summary:
        'Record that the caller, a recipient, opened the document (viewed_at gains the time)',
      params: idParams,
      response: oneMember,
      handler: async (ctx, { params }) => {
        await visibleDocument(ctx, params.id);
        const entry = await ownEntry(ctx, params.id);
        if (!entry) throw notFound('Signed document member');
        await ctx.db.query(
          `UPDATE signed_document_members
              SET viewed_at = viewed_at || now(), last_interaction = now(), updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, entry.id],
        );
        return { data: (await loadMembers(ctx, [entry.id]))[0] };
      },
    }),
    route({
      method: 'POST',
      path: '/signed_documents/:id/sign',
      access: 'organisation',
      minRole: 'GUEST',
      tags: ['Signed document'],
      summary:
        'Sign as the caller, a recipient (body: signature, a PNG data URL of the drawn signature). The signed copy (the signature on the last page and an audit page: who, when, IP address, browser, SHA-256 of the original) is built on the queue; the original is never altered',
      params: idParams,
      body: signedDocumentSignSchema,
      response: oneMember,
      handler: async (ctx, { params, body }) => {
        await visibleDocument(ctx, params.id);
        const entry = await ownEntry(ctx, params.id);
        if (!entry) throw notFound('Signed document member');
        if (entry.completed_at)
          throw conflict('You have signed this document already.', 'already_signed');
        if (!entry.published_at || entry.status !== 'ACTIVE')
          throw new AppError(422, 'not_open', 'The document is not open for signing.');
        const bytes = Buffer.from(body.signature.split(',')[1]!, 'base64');
        if (!PNG.every((byte, index) => bytes[index] === byte))
          throw validationFailure([
            { field: 'signature', message: 'The image is not a PNG file.', code: 'invalid' },
          ]);
        const key = `signed-documents/${ctx.organisationId}/${params.id}/signatures/${entry.id}.png`;
        ctx.afterRollback(() => ctx.services.storage.remove(key));
        await ctx.services.storage.write(key, Readable.from([bytes]), { contentType: 'image/png' });
        await ctx.db.query(
          `UPDATE signed_document_members
              SET completed_at = now(), last_interaction = now(), signature_key = $3,
                  signed_ip = $4, signed_user_agent = $5, updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, entry.id, key, ctx.ip, ctx.userAgent],
        );
        const { build } = await startBuild(ctx, signedCopyBuild, { memberId: entry.id });
        await ctx.db.query(
          `UPDATE signed_document_members SET signed_build_id = $3
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, entry.id, build.id],
        );
        await recordAudit(ctx, 'signed_documents', [params.id], 'SIGN', {
          member_id: entry.id,
          ip: ctx.ip,
        });
        // Outgoing webhooks: this recipient's signing completes their copy of the document.
        await publishEvent(ctx, 'signed_document.completed', async () =>
          (await loadMembers(ctx, [entry.id])).map((member) => ({
            ...(member as Record<string, unknown>),
            id: entry.id,
            signed_document_id: params.id,
          })),
        );
        return { data: (await loadMembers(ctx, [entry.id]))[0] };
      },
    }),
    route({
      method: 'POST',
      path: '/signed_documents/:id/remind',
      access: 'organisation',
      minRole: 'MANAGER',
      tags: ['Signed document'],
      summary:
        'E-mail a reminder (on the queue) to outstanding recipients (body: user_ids; default every outstanding one); sets last_requested_at',
      params: idParams,
      body: signedDocumentRemindSchema,
      response: signedDocumentRemindResultSchema,
      handler: async (ctx, { params, body }) => {
        const document = await visibleDocument(ctx, params.id);
        const { rows } = await ctx.db.query<{ id: string; email: string; name: string }>(
          `SELECT m.id, u.email, u.name FROM signed_document_members m JOIN users u ON u.id = m.user_id
            WHERE m.organisation_id = $1 AND m.signed_document_id = $2 AND m.completed_at IS NULL
              AND ($3::text[] IS NULL OR m.user_id = ANY($3::text[]))`,
          [ctx.organisationId, params.id, body.user_ids ?? null],
        );
        const { rows: organisation } = await ctx.db.query<{ slug: string }>(
          'SELECT slug FROM organisations WHERE id = $1',
          [ctx.organisationId],
        );
        const link = webLink(
          ctx,
          `/organisations/${encodeURIComponent(organisation[0]!.slug)}/projects/${String(document.project_id)}/documents/signed/${params.id}/sign`,
        );
        for (const recipient of rows) {
          await sendMail(ctx, {
            to: recipient.email,
            subject: `Please read and sign: ${String(document.name)}`,
            text: `Hello ${recipient.name},\n\n${ctx.user.name} asks you to read and sign ${String(document.name)}.\n\nOpen it: ${link}\n`,
          });
        }
        const { rows: updated } = await ctx.db.query<{ last_requested_at: Date | null }>(
          `UPDATE signed_documents SET last_requested_at = CASE WHEN $3 > 0 THEN now() ELSE last_requested_at END
            WHERE organisation_id = $1 AND id = $2 RETURNING last_requested_at`,
          [ctx.organisationId, params.id, rows.length],
        );
        await recordAudit(ctx, 'signed_documents', [params.id], 'REMIND', {
          reminded: rows.length,
        });
        const last = updated[0]?.last_requested_at;
        return {
          reminded: rows.length,
          last_requested_at: last ? new Date(last).toISOString() : null,
        };
      },
    }),
  ];
}
