import {
  ROLE_RANK,
  documentRenameSchema,
  documentSchema,
  documentFolderCreateBodySchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import { defineResource, userRef, type ResourceDeclaration } from '../../platform/resource-kit';
import { planDocumentMove } from './move-plan';
import { presentDocumentFile } from './files';

/** Managers and admins see private folders and everything in them; operatives and guests do not. */
export const seesPrivate = (ctx: OrganisationContext) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

/** The stored file of a document, as jsonb (its key is turned into a signed address). */
const FILE_SQL = `(SELECT jsonb_build_object('key', s.key, 'name', t.name,
    'content_type', s.content_type, 'size', s.size_bytes)
   FROM stored_files s WHERE s.organisation_id = t.organisation_id AND s.id = t.stored_file_id)`;

/** A name already used by a sibling (folders and files apart), for rename. */
async function nameClash(ctx: OrganisationContext, id: string, name: string) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM document_folders d JOIN document_folders o
        ON o.organisation_id = d.organisation_id AND o.project_id = d.project_id
       AND o.folder_id IS NOT DISTINCT FROM d.folder_id AND o.is_folder = d.is_folder
       AND lower(o.name) = lower($3) AND o.id <> d.id
      WHERE d.organisation_id = $1 AND d.id = $2`,
    [ctx.organisationId, id, name],
  );
  return rows.length > 0;
}

/**
 * A project's documents (field-work §3 Document): the project's `document_folders` rows, folders
 * and files in one tree. The kit serves list, get, delete, move_many (with the tree's plan step)
 * and the rename, privatise and publicise actions; uploads and new folders are
 * `POST /documents/file` and `POST /documents/folder` (document-routes.ts).
 */
export const documentsResource: ResourceDeclaration = defineResource({
  name: 'documents',
  label: 'Document',
  table: 'document_folders',
  record: documentSchema,
  create: documentFolderCreateBodySchema,
  update: z.object({}),
  fields: {
    project_id: { type: 'id', filter: true },
    folder_id: { type: 'id', filter: true },
    // folders first, then by name without regard to case
    name: { type: 'text', filter: true, sort: true, sortSql: '(NOT t.is_folder), lower(t.name)' },
    private: { type: 'boolean', filter: true },
    in_private_folder: {
      type: 'boolean',
      sql: 'document_in_private_folder(t.organisation_id, t.folder_id)',
    },
    is_folder: { type: 'boolean', filter: true, sort: true },
    file: { type: 'json', sql: FILE_SQL },
    created_by_user_id: { type: 'id', filter: true },
    path: { type: 'json', sql: 'document_path(t.organisation_id, t.folder_id)' },
  },
  expand: { created_by_user: userRef('created_by_user_id') },
  // Project rows only (a template's folders are configuration); private ones for managers.
  visibility: (ctx) =>
    seesPrivate(ctx)
      ? 't.project_id IS NOT NULL'
      : `t.project_id IS NOT NULL AND NOT t.private
         AND NOT document_in_private_folder(t.organisation_id, t.folder_id)`,
  search: ['name'],
  defaultSort: 'name',
  verbs: ['list', 'get', 'delete', 'delete_many', 'move', 'move_many'],
  parent: {
    column: 'folder_id',
    table: 'document_folders',
    label: 'Folder',
    topLevel: true,
    planMove: planDocumentMove,
  },
  references: {
    folder_id: { table: 'document_folders', label: 'Folder', live: 'is_folder' },
  },
  access: {
    read: 'OPERATIVE',
    write: 'MANAGER',
    note: 'OPERATIVE: documents outside private folders only',
  },
  // The verbs' roles above are the whole rule; declared so each record says what the caller may do.
  policy: {},
  actions: [
    {
      name: 'rename',
      past: 'renamed',
      audit: 'RENAME',
      methods: ['PUT', 'POST'],
      many: false,
      body: documentRenameSchema,
      setsFromBody: ['name'],
      wrongStatus: 422,
      validate: async (ctx, rows, body) => {
        const refusals = new Map<string, { reason: string; field: string }>();
        for (const row of rows) {
          if (await nameClash(ctx, row.id, String(body.name)))
            refusals.set(row.id, {
              reason: `Another ${row.is_folder ? 'folder' : 'file'} here is called ${String(body.name)}.`,
              field: 'name',
            });
        }
        return refusals;
      },
    },
    {
      name: 'privatise',
      past: 'privatised',
      audit: 'PRIVATISE',
      methods: ['PUT', 'POST'],
      manyMethods: ['PUT', 'POST'],
      sets: { private: true },
    },
    {
      name: 'publicise',
      past: 'publicised',
      audit: 'PUBLICISE',
      methods: ['PUT', 'POST'],
      manyMethods: ['PUT', 'POST'],
      sets: { private: false },
    },
  ],
  present: (row, ctx) => ({ ...row, file: presentDocumentFile(ctx, row.file) }),
});
