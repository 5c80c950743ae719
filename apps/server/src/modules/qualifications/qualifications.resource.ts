import {
  QUALIFICATION_EXPIRING_DAYS,
  qualificationCreateSchema,
  qualificationSchema,
  qualificationUpdateSchema,
} from '@fieldwork/contract';
import { defineResource, type ResourceDeclaration } from '../../platform/resource-kit/declaration';

/** VALID, EXPIRING (within QUALIFICATION_EXPIRING_DAYS days), EXPIRED or NO_EXPIRY, as of today. */
export const EXPIRY_STATUS_SQL = `CASE
  WHEN t.expiry_date IS NULL THEN 'NO_EXPIRY'
  WHEN t.expiry_date < current_date THEN 'EXPIRED'
  WHEN t.expiry_date <= current_date + ${QUALIFICATION_EXPIRING_DAYS} THEN 'EXPIRING'
  ELSE 'VALID' END`;

/**
 * Qualifications: the kit reads and writes them; routes.ts serves them itself, because
 * operatives see and change only their own, bodies may be multipart with files, and
 * attachments leave with signed links.
 */
export const qualificationsResource: ResourceDeclaration = defineResource({
  name: 'qualifications',
  label: 'Qualification',
  table: 'qualifications',
  record: qualificationSchema,
  create: qualificationCreateSchema,
  update: qualificationUpdateSchema,
  fields: {
    user_id: { type: 'id', filter: true },
    user_name: {
      type: 'text',
      sql: '(SELECT u.name FROM users u WHERE u.id = t.user_id)',
      sort: true,
    },
    name: { type: 'text', filter: true, sort: true },
    reference: { type: 'text', filter: true },
    // a calendar date, as text: date columns would turn into local-midnight Date objects
    expiry_date: { type: 'timestamp', sql: `to_char(t.expiry_date, 'YYYY-MM-DD')`, sort: true },
    expiry_status: { type: 'text', sql: `(${EXPIRY_STATUS_SQL})`, filter: true },
    attachments: { type: 'json' },
  },
  search: ['name', 'reference'],
  defaultSort: 'name',
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  access: { read: 'OPERATIVE', write: 'OPERATIVE' },
});
