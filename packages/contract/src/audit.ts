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
  // timesheets: a member ends their time (START is above); a start or an end reverted
  'END',
  'REVERT',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
