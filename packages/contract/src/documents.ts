import { z } from 'zod';
import {
  formBoolean,
  formIds,
  idSchema,
  idsBodySchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';

/**
 * Documents and signed documents (field-work §3 "Documents and signed documents", §4, §5, §7
 * Documents, §8 document move). A project's documents are a tree: folders (the project's
 * `document_folders`, grown with a parent) and files in them.
 */

/** The person who created a record, as answered (`created_by_user`). */
export const createdByUserSchema = z
  .object({ id: idSchema, name: z.string(), email: z.string() })
  .nullable()
  .meta({ id: 'CreatedByUser' });

/** A stored file as a record answers it: a signed, expiring address, never a storage key. */
export const documentFileSchema = z
  .object({
    name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    url: z.string().describe('Signed, expiring file address (conversion and inline queries)'),
  })
  .meta({ id: 'DocumentFile' });
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** One step of a document's breadcrumbs, from the project's root down to its folder. */
export const documentPathStepSchema = z
  .object({ folder_id: idSchema, folder_name: z.string() })
  .meta({ id: 'DocumentPathStep' });

export const documentSchema = recordSchema
  .extend({
    project_id: idSchema,
    folder_id: idSchema.nullable(),
    name: z.string(),
    private: z.boolean(),
    in_private_folder: z.boolean(),
    is_folder: z.boolean(),
    file: documentFileSchema.nullable(),
    created_by_user_id: idSchema.nullable(),
    created_by_user: createdByUserSchema.optional().describe('With expand[]=created_by_user'),
    path: z.array(documentPathStepSchema),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Document' });
export type Document = z.infer<typeof documentSchema>;

/** POST /documents/folder. */
export const documentFolderCreateBodySchema = z
  .object({
    project_id: idSchema,
    folder_id: idSchema.nullish(),
    name: requiredName,
    private: formBoolean.optional(),
  })
  .strict()
  .meta({ id: 'DocumentFolderCreateBody' });

/** POST /documents/file (multipart): these fields beside `file`. */
export const documentUploadFieldsSchema = z
  .object({ project_id: idSchema, folder_id: idSchema.nullish().or(z.literal('')) })
  .meta({ id: 'DocumentUploadFields' });

/** PUT /documents/{id}/rename. */
export const documentRenameSchema = z
  .object({ name: requiredName })
  .strict()
  .meta({ id: 'DocumentRename' });

/** PUT /documents/move_many: `folder_id` null moves to the project's root. */
export const documentMoveManySchema = idsBodySchema
  .extend({ folder_id: idSchema.nullable() })
  .strict()
  .meta({ id: 'DocumentMoveMany' });

/** Why one item of a move failed (field-work §8). */
export const DOCUMENT_MOVE_FAILURES = [
  'not_found',
  'not_permitted',
  'into_itself',
  'into_descendant',
  'name_clash',
  'target_missing',
  'other_project',
] as const;

export const documentMoveResultSchema = z
  .object({
    moved: z.array(idSchema),
    failed: z.array(z.object({ id: z.string(), reason: z.string(), code: z.string() })),
  })
  .meta({ id: 'DocumentMoveResult' });
export type DocumentMoveResult = z.infer<typeof documentMoveResultSchema>;

/** GET /documents/{id}/file: the spec's inline and conversion queries. */
export const documentFileQuerySchema = z
  .object({
    inline: z.enum(['true', 'false']).optional(),
    width: z.coerce.number().int().min(16).max(4000).optional(),
    format: z.enum(['webp', 'png', 'jpeg']).optional(),
    page: z.coerce.number().int().min(1).max(10000).optional(),
  })
  .strict()
  .meta({ id: 'DocumentFileQuery' });

// Signed documents ------------------------------------------------------------------------------

export const SIGNED_DOCUMENT_STATUSES = ['INACTIVE', 'ACTIVE'] as const;
export type SignedDocumentStatus = (typeof SIGNED_DOCUMENT_STATUSES)[number];

export const signedDocumentSchema = recordSchema
  .extend({
    project: z.object({ id: idSchema, name: z.string() }),
    project_id: idSchema,
    folder: z.object({ id: idSchema, name: z.string() }).nullable(),
    folder_id: idSchema.nullable(),
    name: z.string(),
    reference: z.string().nullable(),
    prevent_job_sheets: z.boolean(),
    is_automatic: z.boolean(),
    is_mandatory: z.boolean(),
    file: documentFileSchema.nullable(),
    document_id: idSchema.nullable().describe('The document it was converted from'),
    created_by_user_id: idSchema.nullable(),
    created_by_user: createdByUserSchema.optional().describe('With expand[]=created_by_user'),
    published_at: timestampSchema.nullable(),
    status: z.enum(SIGNED_DOCUMENT_STATUSES),
    last_requested_at: timestampSchema.nullable(),
    member_count: z.number().int(),
    viewed_count: z.number().int(),
    completed_count: z.number().int(),
    pending_count: z.number().int(),
    progress: z.number().describe('completed_count / member_count, 0 to 1'),
    is_outstanding: z.boolean().describe('The caller is a recipient who has not signed'),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'SignedDocument' });
export type SignedDocument = z.infer<typeof signedDocumentSchema>;

/** POST /signed_documents (multipart with `file`, or JSON with document_id): booleans as strings. */
export const signedDocumentCreateSchema = z
  .object({
    project_id: idSchema,
    folder_id: idSchema.nullish(),
    name: requiredName,
    reference: optionalText(255).optional(),
    prevent_job_sheets: formBoolean.optional(),
    is_automatic: formBoolean.optional(),
    is_mandatory: formBoolean.optional(),
    enableOnCreate: formBoolean.optional(),
    addUserIds: formIds(1000).optional(),
    addToProjectFolders: z
      .preprocess(
        (value): unknown => {
          if (typeof value !== 'string') return value;
          try {
            return JSON.parse(value) as unknown;
          } catch {
            return value; // refused below: not a list
          }
        },
        z.array(z.object({ projectId: idSchema, folderId: idSchema.nullable() })).max(100),
      )
      .optional(),
  })
  .meta({ id: 'SignedDocumentCreate' });
export type SignedDocumentCreate = z.input<typeof signedDocumentCreateSchema>;

export const signedDocumentUpdateSchema = z
  .object({
    name: requiredName,
    reference: optionalText(255),
    folder_id: idSchema.nullable(),
    prevent_job_sheets: formBoolean,
  })
  .partial()
  .strict()
  .meta({ id: 'SignedDocumentUpdate' });

/** PUT /documents/{id}/convert_to_signed. */
export const documentConvertToSignedSchema = z
  .object({
    folder_id: idSchema.nullish(),
    reference: optionalText(255).optional(),
    prevent_job_sheets: formBoolean.optional(),
    enableOnCreate: formBoolean.optional(),
    addUserIds: formIds(1000).optional(),
  })
  .strict()
  .meta({ id: 'DocumentConvertToSigned' });

/** A signed document's recipient (field-work §3 "Signed document recipient"). */
export const signedDocumentMemberSchema = recordSchema
  .extend({
    signed_document_id: idSchema,
    signed_document: z.object({ id: idSchema, name: z.string() }),
    user_id: idSchema,
    user: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    viewed_at: z.array(timestampSchema),
    completed_at: timestampSchema.nullable(),
    last_interaction: timestampSchema.nullable(),
    is_outstanding: z.boolean(),
    team_ids: z.array(idSchema),
    signed_file: documentFileSchema.nullable(),
  })
  .meta({ id: 'SignedDocumentMember' });
export type SignedDocumentMember = z.infer<typeof signedDocumentMemberSchema>;

/** POST /signed_documents/{id}/members: members and whole teams. */
export const signedDocumentMembersAddSchema = z
  .object({
    user_ids: z.array(idSchema).max(1000).optional(),
    team_ids: z.array(idSchema).max(100).optional(),
  })
  .strict()
  .refine((body) => (body.user_ids?.length ?? 0) + (body.team_ids?.length ?? 0) > 0, {
    message: 'Name at least one member or team',
    path: ['user_ids'],
  })
  .meta({ id: 'SignedDocumentMembersAdd' });

/** POST /signed_documents/{id}/sign: the drawn signature as a PNG data URL. */
export const signedDocumentSignSchema = z
  .object({
    signature: z
      .string()
      .max(2_000_000)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Must be a PNG data URL'),
  })
  .strict()
  .meta({ id: 'SignedDocumentSign' });

/** POST /signed_documents/{id}/remind: recipients to remind (default: every outstanding one). */
export const signedDocumentRemindSchema = z
  .object({ user_ids: z.array(idSchema).max(1000).optional() })
  .strict()
  .meta({ id: 'SignedDocumentRemind' });

export const signedDocumentRemindResultSchema = z
  .object({ reminded: z.number().int(), last_requested_at: timestampSchema.nullable() })
  .meta({ id: 'SignedDocumentRemindResult' });

// Membership metrics (platform §3) are kept with the membership: identity.ts.
