import {
  QUALIFICATION_EXPIRING_DAYS,
  QUALIFICATION_EXPIRY_STATUSES,
  ROLE_RANK,
  qualificationCreateSchema,
  qualificationSchema,
  qualificationUpdateSchema,
} from '@fieldwork/contract';
import { badRequest } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { checkRecordHolder } from '../../platform/http/record-holder';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  nameOfField,
  type ResourceDeclaration,
} from '../../platform/resource-kit';

/** VALID, EXPIRING (within QUALIFICATION_EXPIRING_DAYS days), EXPIRED or NO_EXPIRY, as of today. */
export const EXPIRY_STATUS_SQL = `CASE
  WHEN t.expiry_date IS NULL THEN 'NO_EXPIRY'
  WHEN t.expiry_date < current_date THEN 'EXPIRED'
  WHEN t.expiry_date <= current_date + ${QUALIFICATION_EXPIRING_DAYS} THEN 'EXPIRING'
  ELSE 'VALID' END`;

/** Managers and admins see everyone's qualifications; operatives only their own. */
export const managesAll = (ctx: OrganisationContext) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

/** Attachments a qualification may hold in all. */
export const MAX_ATTACHMENTS = 50;

/** Operatives record only their own qualifications; others must name a member of this organisation. */
const checkHolder = (ctx: OrganisationContext, userId: string) =>
  checkRecordHolder(ctx, userId, {
    mayNameOthers: managesAll(ctx),
    ownOnly: 'You may only record your own qualifications.',
  });

const isDate = (value: string) =>
  /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * Qualifications, served whole by the kit: operatives see and write only their own (visibility,
 * and beforeWrite for the holder named); bodies may be multipart with files kept as attachments.
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
    user_name: nameOfField('users', 'user_id', { sort: true }),
    name: { type: 'text', filter: true, sort: true },
    reference: { type: 'text', filter: true },
    // a calendar date, as text: date columns would turn into local-midnight Date objects
    expiry_date: { type: 'timestamp', sql: `to_char(t.expiry_date, 'YYYY-MM-DD')`, sort: true },
    expiry_status: { type: 'text', sql: `(${EXPIRY_STATUS_SQL})` },
    attachments: { type: 'json' },
    archived_at: { type: 'timestamp', sort: true },
  },
  filters: {
    expiry_status: {
      sql(values, params) {
        const known = QUALIFICATION_EXPIRY_STATUSES as readonly string[];
        if (values.some((status) => !known.includes(status))) {
          throw badRequest(
            `filter[expiry_status] takes ${QUALIFICATION_EXPIRY_STATUSES.join(', ')}.`,
            'bad_filter',
          );
        }
        return `(${EXPIRY_STATUS_SQL}) = ANY(${params.add(values)}::text[])`;
      },
    },
    expires_before: {
      sql(values, params) {
        if (values.length !== 1 || !isDate(values[0]!)) {
          throw badRequest('filter[expires_before] takes one date (YYYY-MM-DD).', 'bad_filter');
        }
        return `t.expiry_date < ${params.add(values[0])}::date`;
      },
    },
  },
  visibility: (ctx, params) => (managesAll(ctx) ? null : `t.user_id = ${params.add(ctx.user.id)}`),
  search: ['name', 'reference'],
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS],
  archivable: true,
  files: { column: 'attachments', field: 'files', max: MAX_ATTACHMENTS },
  access: {
    read: 'OPERATIVE',
    write: 'OPERATIVE',
    note: 'OPERATIVE: only their own qualifications; MANAGER and above: everyone’s',
  },
  rules: {
    // user_id defaults to the caller on create; naming a holder is checked whenever it is sent.
    async beforeWrite(ctx, values, existing) {
      const userId = values.user_id ?? (existing ? undefined : ctx.user.id);
      if (typeof userId === 'string') await checkHolder(ctx, userId);
      return userId === undefined ? values : { ...values, user_id: userId };
    },
  },
});
