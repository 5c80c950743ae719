import { importedFileSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../audit';
import type { OrganisationContext } from '../http/context';
import { newId } from '../ids';
import { defineResource, type ResourceDeclaration, type Row } from '../resource-kit';
import { removeStoredFilesAfterCommit } from '../storage/remove-files.job';
import type { ImportKind } from './declaration';

/** The CSV an import read, in storage. */
export interface ImportedFileSource {
  key: string;
  name: string;
  size: number;
  /** The background task of a queued import. */
  taskId?: string;
}

/**
 * Writes the imported file's record in the import's own transaction, so it exists iff the rows
 * do; the caller keeps the file (a request claims its upload, a queued import leaves it).
 */
export async function recordImportedFile(
  ctx: OrganisationContext,
  kind: ImportKind,
  file: ImportedFileSource,
  outcome: { documentId: string | null; created: number },
) {
  const id = newId();
  const type = kind.kind.toUpperCase();
  await ctx.db.query(
    `INSERT INTO imported_files (id, organisation_id, collection_name, document_id, type, name,
       file_key, file_size, content_type, created_count, task_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'text/csv', $9, $10, $11)`,
    [
      id,
      ctx.organisationId,
      kind.collection,
      outcome.documentId,
      type,
      file.name,
      file.key,
      file.size,
      outcome.created,
      file.taskId ?? null,
      ctx.user.id,
    ],
  );
  await recordAudit(ctx, 'imported_files', [id], 'CREATE', {
    type,
    collection_name: kind.collection,
    created_count: outcome.created,
  });
  return id;
}

/**
 * Imported files as records (field-work §7 "imported files"): GET /imported_files (the list
 * grammar, filterable by type and collection_name), GET and DELETE /imported_files/{id}. They are
 * written by the imports themselves, never by POST. Deleting one removes the record and, once the
 * delete commits, its file; the rows it imported stay.
 */
export const importedFilesResource: ResourceDeclaration = defineResource({
  name: 'imported_files',
  label: 'Imported file',
  table: 'imported_files',
  record: importedFileSchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    collection_name: { type: 'text', filter: true, sort: true },
    document_id: { type: 'id', filter: true },
    type: { type: 'text', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true },
    // the stored key, size and type the `file` is presented from (present() signs the key)
    file: {
      type: 'json',
      sql: `jsonb_build_object('key', t.file_key, 'size', t.file_size, 'content_type', t.content_type)`,
    },
    created_count: { type: 'integer', sort: true },
    created_by_user_id: { type: 'id', filter: true },
    created_by_user: {
      type: 'json',
      sql: `(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.created_by_user_id)`,
    },
  },
  search: ['name'],
  defaultSort: '-created_at',
  verbs: ['list', 'get', 'delete', 'delete_many'],
  // Who imports (MANAGER, every import kind's role) sees and clears what was imported.
  access: { read: 'MANAGER', write: 'MANAGER' },
  policy: { delete: { role: 'MANAGER' } },
  rules: {
    // The file goes on the queue once the delete commits (a trigger recorded its key).
    afterDelete: (ctx) => removeStoredFilesAfterCommit(ctx),
  },
  present(row: Row, ctx: OrganisationContext): Row {
    const stored = row.file as { key: string; size: number | string; content_type: string };
    const name = String(row.name);
    return {
      ...row,
      file: stored && {
        name,
        size: Number(stored.size),
        content_type: stored.content_type,
        url: ctx.services.storage.signedUrl(stored.key, { filename: name }),
      },
    };
  },
});
