import { teamColumnsSchema, teamCreateSchema, teamSchema } from '@fieldwork/contract';
import { defineResource, nameOfField, type ResourceDeclaration } from '../../platform/resource-kit';
import { checkActiveMembers } from '../people';
import { addMembers } from './team-members';

const MEMBERS = `FROM team_members tm WHERE tm.organisation_id = t.organisation_id AND tm.team_id = t.id`;

/**
 * Teams: the kit serves create (one and many, with their members), list, get, delete, archive
 * and duplicate (with the members); update is in routes.ts because user_ids replaces the members.
 */
export const teamsResource: ResourceDeclaration = defineResource({
  name: 'teams',
  label: 'Team',
  table: 'teams',
  record: teamSchema,
  create: teamCreateSchema,
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
  verbs: [
    'list',
    'get',
    'create',
    'create_many',
    'delete',
    'archive',
    'archive_many',
    'delete_many',
    'duplicate',
    'duplicate_many',
  ],
  archivable: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    // user_ids is not a column: checked here, written by afterInsert.
    async beforeWrite(ctx, values) {
      const { user_ids: userIds, ...columns } = values as typeof values & { user_ids?: string[] };
      if (userIds) await checkActiveMembers(ctx, userIds, 'user_ids');
      if (typeof columns.team_lead_id === 'string') {
        await checkActiveMembers(ctx, [columns.team_lead_id], 'team_lead_id', false);
      }
      return columns;
    },
    async afterInsert(ctx, created) {
      for (const { id, input } of created) {
        const userIds = (input as { user_ids?: string[] }).user_ids;
        if (userIds?.length) await addMembers(ctx, id, userIds);
      }
    },
    // A copy has the original's members (never its history).
    async afterDuplicate(ctx, copies) {
      for (const { from, to } of copies) {
        const { rows } = await ctx.db.query<{ user_id: string }>(
          `SELECT user_id FROM team_members WHERE organisation_id = $1 AND team_id = $2
            ORDER BY created_at, user_id`,
          [ctx.organisationId, from],
        );
        if (rows.length)
          await addMembers(
            ctx,
            to,
            rows.map((row) => row.user_id),
          );
      }
    },
  },
});
