import { z } from 'zod';

/**
 * Every action an audit entry may name (audit_entries.action), one list for every writer: the
 * resource kit's verbs first, then each domain's own. Upper snake case; a new verb adds its name
 * here. Updates and deletes store the record's before-image with the entry (undo, history).
 */
export const AUDIT_ACTIONS = [
  // the resource kit's verbs
  'CREATE',
  'UPDATE',
  'DELETE',
  'FORCE_DELETE',
  'ARCHIVE',
  'UNARCHIVE',
  'RESTORE',
  'DUPLICATE',
  'MOVE',
  'REORDER',
  // files attached to a record
  'UPLOAD',
  'REMOVE',
  'ADD_ATTACHMENTS',
  'REMOVE_ATTACHMENT',
  // people: members, teams, project members and guests
  'CHANGE_ROLE',
  'UPDATE_EMPLOYMENT_INFO',
  'ACTIVATE',
  'DEACTIVATE',
  'CHANGE_TO_GUEST',
  'CHANGE_TO_MEMBER',
  'ADD_TO_TEAMS',
  'ADD_TO_PROJECTS',
  'ADD_MEMBER',
  'ADD_MEMBERS',
  'UPDATE_MEMBER',
  'REMOVE_MEMBER',
  'FORCE_REMOVE_MEMBER',
  'ADD_GUESTS',
  // invites
  'RESEND',
  'CANCEL',
  'ACCEPT',
  'REVOKE',
  'JOIN',
  'REJOIN',
  // projects
  'RECALCULATE_RATES',
  'CLEAR_PAGE_CACHE',
  'ENABLE_APPROVALS_ON_ALL_FORMS',
  'SET_MATERIALS',
  'SYNC_FORMS',
  // materials and rates
  'SET_RATES',
  'COPY_RATES',
  'ADD_TO_PROJECT_TEMPLATES',
  'REMOVE_FROM_PROJECTS',
  'REMOVE_FROM_PROJECT_TEMPLATES',
  // declared lifecycle actions (resource kit actions)
  'START',
  'COMPLETE',
  // a job completed while some of its forms had no submitted sheet (docs/jobs.md)
  'COMPLETE_WITHOUT_SHEETS',
  'REASSIGN',
  'RECALL',
  'RESCHEDULE',
  'LOCK',
  'UNLOCK',
  // organisation preboarding
  'PREBOARDING_QUESTIONNAIRE',
  'PREBOARDING_CHECKPOINT',
  'PREBOARDING_COMPLETE',
  'PREBOARDING_BYPASS',
  'PREBOARDING_UNBYPASS',
  'PREBOARDING_INVITE',
  // billing
  'UPDATE_SEATS',
  'UPDATE_PAYMENT_METHOD',
  'UPDATE_PLAN_SUPPORT',
  'COMPLETE_CHECKOUT',
  'PAY',
  // job sheets
  'SUBMIT',
  'UNSUBMIT',
  'UPDATE_AND_SUBMIT',
  'APPROVE',
  'REJECT',
  'UPDATE_REJECTION',
  'UNDO_APPROVAL',
  'SUBMIT_JOB_SHEETS',
  'DETECT_DUPLICATE_PHOTOS',
  // drawings, locations and QR codes
  'REPLACE_IMAGE',
  'CONVERT',
  'CONVERT_TO_PENDING',
  'GENERATE',
  'DOWNLOAD',
  'ALLOCATE',
  // documents and signed documents
  'RENAME',
  'PRIVATISE',
  'PUBLICISE',
  'CONVERT_TO_SIGNED',
  'PUBLISH',
  'UNPUBLISH',
  'ENABLE',
  'DISABLE',
  'AUTOMATE',
  'DEAUTOMATE',
  'MANDATE',
  'DEMANDATE',
  'REMIND',
  'SIGN',
  // outgoing webhooks
  'ROTATE_SECRET',
  'TEST',
  'REDELIVER',
  // timesheets: a member ends their time (START is above); a start or an end reverted
  'END',
  'REVERT',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/** Who made a change: a user, an API key, or a user's device (X-Device-Id). */
export const AUDIT_PERFORMER_TYPES = ['USER', 'API_KEY', 'DEVICE'] as const;

/** Whether the caller may undo an entry now, and why not when they may not. */
export const auditUndoSchema = z.object({
  possible: z.boolean(),
  reason: z.string().nullable(),
});

/**
 * An audit entry (field-work §3): one change to one record. `changes` names each field changed
 * with its values before and after ({field: {from, to}}), for updates; `undo` says whether the
 * caller may undo it (POST /audit_entries/{id}/undo) and, when not, why.
 */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    collection_name: z.string(),
    document_id: z.string(),
    /** The record's name (or reference) as it is now, or as it was when it is gone. */
    document_name: z.string().nullable(),
    /** The kind of record, as a person says it, e.g. "Client"; null for the platform's own. */
    document_label: z.string().nullable(),
    action: z.string(),
    changes: z.unknown().nullable(),
    performed_at: z.string(),
    performed_by_type: z.enum(AUDIT_PERFORMER_TYPES),
    performed_by_user_id: z.string().nullable(),
    performed_by_user_name: z.string().nullable(),
    performed_by_api_key_id: z.string().nullable(),
    performed_by_device_id: z.string().nullable(),
    undone_at: z.string().nullable(),
    undone_by_user_id: z.string().nullable(),
    undone_by_user_name: z.string().nullable(),
    /** The entry this one undid, for the entries an undo wrote. */
    undo_of_entry_id: z.string().nullable(),
    undo: auditUndoSchema,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryRecord = z.infer<typeof auditEntrySchema>;

/**
 * A deletion (field-work §7 `deletions`): a soft-deleted record in the organisation's bin, named
 * by the record's own id. Restoring it brings the record back; deleting it removes it for good.
 */
export const deletionSchema = z
  .object({
    id: z.string(),
    collection_name: z.string(),
    /** The kind of record, as a person says it, e.g. "Site". */
    label: z.string(),
    name: z.string(),
    deleted_at: z.string(),
    deleted_by_user_id: z.string().nullable(),
    deleted_by_user_name: z.string().nullable(),
  })
  .meta({ id: 'Deletion' });
export type Deletion = z.infer<typeof deletionSchema>;
