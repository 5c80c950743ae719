import { ID_PATTERN, ROLES, memberSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { defineResource, type ResourceDeclaration, type Row } from '../../platform/resource-kit';
import { presentMembers } from './members';

const userColumn = (column: 'name' | 'email') =>
  `(SELECT u.${column} FROM users u WHERE u.id = t.user_id)`;
/** Roles sort by rank, highest first, as people read a team sheet. */
export const ROLE_ORDER = `CASE t.role WHEN 'ADMIN' THEN 1 WHEN 'MANAGER' THEN 2 WHEN 'OPERATIVE' THEN 3 ELSE 4 END`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The organisation's members (not guests) as the kit lists them at GET /members/query: a row of
 * memberships whose record id is the user's; teams, projects and the employment details only
 * admins and the member themself see are filled in per page by `finish` (members.ts).
 */
export const membersResource: ResourceDeclaration = defineResource({
  name: 'members',
  label: 'Member',
  table: 'memberships',
  record: memberSchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    id: { type: 'id', sql: 't.user_id', filter: true },
    membership_id: { type: 'id', sql: 't.id' },
    name: { type: 'text', sql: userColumn('name'), sort: true },
    email: { type: 'text', sql: userColumn('email'), sort: true },
    role: { type: 'text', sort: true, sortSql: ROLE_ORDER },
    owner: { type: 'boolean' },
    active: { type: 'boolean', filter: true },
    guest: { type: 'boolean' },
    employee_number: { type: 'text' },
    tax_number: { type: 'text' },
    hourly_rate: { type: 'number' },
    daily_rate: { type: 'number' },
    member_since: { type: 'timestamp', sql: 't.created_at', sort: true },
    deactivated_at: { type: 'timestamp' },
  },
  filters: {
    role: {
      sql(values, params) {
        if (values.some((value) => !(ROLES as readonly string[]).includes(value)))
          throw badRequest(`filter[role] takes ${ROLES.join(', ')}.`, 'bad_filter');
        return `t.role = ANY(${params.add(values)}::text[])`;
      },
    },
    team_id: {
      sql(values, params) {
        if (values.some((value) => !ID_PATTERN.test(value)))
          throw badRequest('filter[team_id] takes 24-character hex ids.', 'bad_filter');
        return `EXISTS (SELECT 1 FROM team_members tm WHERE tm.organisation_id = t.organisation_id
                     AND tm.user_id = t.user_id AND tm.team_id = ANY(${params.add(values)}::text[]))`;
      },
    },
    search: {
      sql(values, params) {
        const pattern = params.add(`%${escapeLike(values.join(','))}%`);
        return `EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id
                     AND (u.name ILIKE ${pattern} OR u.email ILIKE ${pattern}))`;
      },
    },
  },
  // Not a caller's rule but the list's: deleted memberships and guests are not members.
  visibility: () => 't.deleted_at IS NULL AND NOT t.guest',
  defaultSort: 'name',
  verbs: [],
  access: {
    read: 'OPERATIVE',
    write: 'ADMIN',
    note: 'Employment details only to ADMIN and the member themself',
  },
  finish: async (ctx, rows) =>
    (await presentMembers(ctx, rows as Parameters<typeof presentMembers>[1])) as Row[],
});
