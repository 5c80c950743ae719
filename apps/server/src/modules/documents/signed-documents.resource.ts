import {
  signedDocumentMemberSchema,
  signedDocumentSchema,
  signedDocumentUpdateSchema,
  signedDocumentCreateSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import {
  defineResource,
  userRef,
  type ActionDeclaration,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';
import { presentDocumentFile } from './files';
import { seesPrivate } from './documents.resource';

const members = (condition = 'true') =>
  `(SELECT count(*)::int FROM signed_document_members m
     WHERE m.organisation_id = t.organisation_id AND m.signed_document_id = t.id AND ${condition})`;

const FILE_SQL = `(SELECT jsonb_build_object('key', s.key, 'name', t.name,
    'content_type', s.content_type, 'size', s.size_bytes)
   FROM stored_files s WHERE s.organisation_id = t.organisation_id AND s.id = t.stored_file_id)`;

/** A recipient who has not signed a published, enabled document (SQL over `t` and `m`). */
export const OUTSTANDING_SQL = `m.completed_at IS NULL AND t.published_at IS NOT NULL
  AND t.status = 'ACTIVE'`;

/** The caller's own outstanding documents among a page (is_outstanding), in one query. */
async function markOutstanding(ctx: OrganisationContext, rows: Row[]) {
  if (!rows.length) return rows;
  const { rows: mine } = await ctx.db.query<{ id: string }>(
    `SELECT t.id FROM signed_documents t JOIN signed_document_members m
        ON m.organisation_id = t.organisation_id AND m.signed_document_id = t.id
      WHERE t.organisation_id = $1 AND t.id = ANY($2::text[]) AND m.user_id = $3
        AND ${OUTSTANDING_SQL}`,
    [ctx.organisationId, rows.map((row) => row.id), ctx.user.id],
  );
  const outstanding = new Set(mine.map((row) => row.id));
  return rows.map((row) => ({ ...row, is_outstanding: outstanding.has(row.id) }));
}

const toggle = (
  name: string,
  past: string,
  audit: ActionDeclaration['audit'],
  sets: Record<string, unknown>,
  setsSql?: Record<string, string>,
): ActionDeclaration => ({
  name,
  past,
  audit,
  methods: ['PUT', 'POST'],
  manyMethods: ['PUT', 'POST'],
  sets,
  ...(setsSql ? { setsSql } : {}),
});

/**
 * Signed documents (field-work §3): a PDF a project's members must read and sign, with its
 * switches (§4: publish, enable, automate, mandate) and counts. Operatives see the published
 * ones they are asked to sign; managers and admins every one.
 */
export const signedDocumentsResource: ResourceDeclaration = defineResource({
  name: 'signed_documents',
  label: 'Signed document',
  table: 'signed_documents',
  record: signedDocumentSchema,
  create: signedDocumentCreateSchema,
  update: signedDocumentUpdateSchema,
  fields: {
    project_id: { type: 'id', filter: true },
    project: {
      type: 'json',
      sql: `(SELECT jsonb_build_object('id', p.id, 'name', p.name) FROM projects p
              WHERE p.organisation_id = t.organisation_id AND p.id = t.project_id)`,
    },
    folder_id: { type: 'id', filter: true },
    folder: {
      type: 'json',
      sql: `(SELECT jsonb_build_object('id', f.id, 'name', f.name) FROM signed_document_folders f
              WHERE f.organisation_id = t.organisation_id AND f.id = t.folder_id)`,
    },
    name: { type: 'text', filter: true, sort: true, sortSql: 'lower(t.name)' },
    reference: { type: 'text', filter: true, sort: true },
    prevent_job_sheets: { type: 'boolean', filter: true },
    is_automatic: { type: 'boolean', filter: true },
    is_mandatory: { type: 'boolean', filter: true },
    file: { type: 'json', sql: FILE_SQL },
    document_id: { type: 'id' },
    created_by_user_id: { type: 'id', filter: true },
    published_at: { type: 'timestamp', sort: true },
    status: { type: 'text', filter: true, sort: true },
    last_requested_at: { type: 'timestamp', sort: true },
    member_count: { type: 'integer', sql: members() },
    viewed_count: { type: 'integer', sql: members(`cardinality(m.viewed_at) > 0`) },
    completed_count: { type: 'integer', sql: members('m.completed_at IS NOT NULL') },
    pending_count: { type: 'integer', sql: members('m.completed_at IS NULL') },
    progress: {
      type: 'number',
      sql: `(CASE WHEN ${members()} = 0 THEN 0
               ELSE round(${members('m.completed_at IS NOT NULL')}::numeric / ${members()}, 4) END)::float8`,
    },
  },
  expand: { created_by_user: userRef('created_by_user_id') },
  visibility: (ctx, params) =>
    seesPrivate(ctx)
      ? null
      : `t.published_at IS NOT NULL AND EXISTS (SELECT 1 FROM signed_document_members m
           WHERE m.organisation_id = t.organisation_id AND m.signed_document_id = t.id
             AND m.user_id = ${params.add(ctx.user.id)})`,
  filters: {
    // the caller's own unsigned, published, enabled documents (the inbox)
    outstanding: {
      sql: (values, params, caller) => {
        const userId = 'user' in caller ? caller.user.id : '';
        const outstanding = `EXISTS (SELECT 1 FROM signed_document_members m
          WHERE m.organisation_id = t.organisation_id AND m.signed_document_id = t.id
            AND m.user_id = ${params.add(userId)} AND ${OUTSTANDING_SQL})`;
        return values[0] === 'false' ? `NOT ${outstanding}` : outstanding;
      },
    },
    // some recipient, whoever it is, still has to sign it (the organisation's signed documents page)
    has_outstanding: {
      sql: (values) => {
        const waiting = `EXISTS (SELECT 1 FROM signed_document_members m
          WHERE m.organisation_id = t.organisation_id AND m.signed_document_id = t.id
            AND ${OUTSTANDING_SQL})`;
        return values[0] === 'false' ? `NOT ${waiting}` : waiting;
      },
    },
  },
  search: ['name', 'reference'],
  defaultSort: 'name',
  verbs: ['list', 'get', 'update', 'delete', 'delete_many'],
  references: {
    folder_id: { table: 'signed_document_folders', label: 'Signed document folder' },
  },
  access: {
    read: 'OPERATIVE',
    write: 'MANAGER',
    note: 'OPERATIVE: the published documents they are asked to sign',
  },
  // The verbs' roles above are the whole rule; declared so each record says what the caller may do.
  policy: {},
  actions: [
    toggle(
      'publish',
      'published',
      'PUBLISH',
      {},
      { published_at: 'coalesce(t.published_at, now())' },
    ),
    toggle('unpublish', 'unpublished', 'UNPUBLISH', { published_at: null }),
    toggle('enable', 'enabled', 'ENABLE', { status: 'ACTIVE' }),
    toggle('disable', 'disabled', 'DISABLE', { status: 'INACTIVE' }),
    toggle('automate', 'automated', 'AUTOMATE', { is_automatic: true }),
    toggle('deautomate', 'deautomated', 'DEAUTOMATE', { is_automatic: false }),
    toggle('mandate', 'mandated', 'MANDATE', { is_mandatory: true }),
    toggle('demandate', 'demandated', 'DEMANDATE', { is_mandatory: false }),
  ],
  present: (row, ctx) => ({
    ...row,
    file: presentDocumentFile(ctx, row.file),
    is_outstanding: false,
  }),
  finish: markOutstanding,
});

/**
 * A signed document's recipients (field-work §3 "Signed document recipient"), under
 * /signed_documents/{signedDocumentId}/members. Operatives see only their own.
 */
export const signedDocumentMembersResource: ResourceDeclaration = defineResource({
  name: 'members',
  auditCollection: 'signed_document_members',
  label: 'Signed document member',
  table: 'signed_document_members',
  record: signedDocumentMemberSchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    signed_document_id: { type: 'id', filter: true },
    signed_document: {
      type: 'json',
      sql: `(SELECT jsonb_build_object('id', d.id, 'name', d.name) FROM signed_documents d
              WHERE d.organisation_id = t.organisation_id AND d.id = t.signed_document_id)`,
    },
    user_id: { type: 'id', filter: true },
    user: {
      type: 'json',
      sql: `(SELECT jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email) FROM users u
              WHERE u.id = t.user_id)`,
    },
    viewed_at: { type: 'json', sql: 'to_jsonb(t.viewed_at)' },
    completed_at: { type: 'timestamp', sort: true },
    last_interaction: { type: 'timestamp', sort: true },
    is_outstanding: {
      type: 'boolean',
      sql: `(t.completed_at IS NULL AND EXISTS (SELECT 1 FROM signed_documents d
              WHERE d.organisation_id = t.organisation_id AND d.id = t.signed_document_id
                AND d.published_at IS NOT NULL AND d.status = 'ACTIVE'))`,
    },
    team_ids: { type: 'json', sql: 'to_jsonb(t.team_ids)' },
    signed_file: {
      type: 'json',
      sql: `(SELECT jsonb_build_object('key', b.file_key, 'name', b.download_name || '.pdf',
               'content_type', 'application/pdf', 'size', b.file_size)
               FROM builds b WHERE b.organisation_id = t.organisation_id AND b.id = t.signed_build_id
                AND b.status = 'READY')`,
    },
  },
  visibility: (ctx, params) => (seesPrivate(ctx) ? null : `t.user_id = ${params.add(ctx.user.id)}`),
  defaultSort: 'created_at',
  verbs: ['list', 'get', 'delete', 'delete_many'],
  scope: {
    column: 'signed_document_id',
    param: 'signedDocumentId',
    path: 'signed_documents',
    table: 'signed_documents',
    label: 'Signed document',
  },
  access: { read: 'OPERATIVE', write: 'MANAGER', note: 'OPERATIVE: their own entry only' },
  present: (row, ctx) => ({ ...row, signed_file: presentDocumentFile(ctx, row.signed_file) }),
});
