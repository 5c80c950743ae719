import { teamColumnsSchema, teamSchema } from '@fieldwork/contract';
import { defineResource, nameOfField, type ResourceDeclaration } from '../../platform/resource-kit';
import { checkActiveMembers } from '../people';

const MEMBERS = `FROM team_members tm WHERE tm.organisation_id = t.organisation_id AND tm.team_id = t.id`;

/**
 * Teams: the kit serves list, get, delete and archive; create, update and duplicate are in
 * routes.ts because they also write the members (team_members).
 */
export const teamsResource: ResourceDeclaration = defineResource({
  name: 'teams',
  label: 'Team',
  table: 'teams',
  record: teamSchema,
  create: teamColumnsSchema,
  update: teamColumnsSchema.partial(),
  fields: {
    name: { type: 'text', filter: true, sort: true },
    shortname: { type: 'text', filter: true, sort: true },
    user_ids: {
      type: 'json',
      sql: `coalesce((SELECT array_agg(tm.user_id ORDER BY tm.created_at, tm.user_id) ${MEMBERS}), '{}')`,
    },
    team_lead_id: { type: 'id', filter: true },
    team_lead_name: nameOfField('users', 'team_lead_id', { sort: true }),
    member_count: {
      type: 'integer',
      sql: `(SELECT count(*)::int ${MEMBERS})`,
      filter: true,
      sort: true,
    },
    archived_at: { type: 'timestamp', sort: true },
  },
  search: ['name', 'shortname'],
  defaultSort: 'name',
  verbs: ['list', 'get', 'delete', 'archive', 'archive_many', 'delete_many'],
  archivable: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    async beforeWrite(ctx, values) {
      if (typeof values.team_lead_id === 'string') {
        await checkActiveMembers(ctx, [values.team_lead_id], 'team_lead_id', false);
      }
      return values;
    },
  },
});
