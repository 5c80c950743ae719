import { ROLE_RANK, visitCreateSchema, visitSchema, visitUpdateSchema } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import {
  calendarDateField,
  CRUD_VERBS,
  RESTORE_VERBS,
  belongsTo,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { projectsResource } from '../projects';
import { sitesResource } from '../sites';
import { dateRangeFilters } from './date-range-filters';

const JOB_COUNT = `(SELECT count(*)::int FROM jobs j
  WHERE j.organisation_id = t.organisation_id AND j.visit_id = t.id)`;

const MAX_NAMED = 3;

/**
 * Why each visit may not be deleted: the jobs still open on it (AWAITING or IN_PROGRESS), e.g.
 * "The visit has 2 open jobs (#12, #14); complete, cancel or move them first." One query.
 */
async function openJobReasons(ctx: OrganisationContext, ids: string[]) {
  const { rows } = await ctx.db.query<{ id: string; count: number; numbers: number[] }>(
    `SELECT j.visit_id AS id, count(*)::int AS count,
            (array_agg(j.number ORDER BY j.number))[1:${MAX_NAMED}] AS numbers
       FROM jobs j
      WHERE j.organisation_id = $1 AND j.visit_id = ANY($2::text[])
        AND j.status IN ('AWAITING', 'IN_PROGRESS')
      GROUP BY j.visit_id`,
    [ctx.organisationId, ids],
  );
  return new Map(
    rows.map((row) => {
      const named = row.numbers.map((number) => `#${number}`).join(', ');
      const more = row.count > MAX_NAMED ? ', …' : '';
      const noun = row.count === 1 ? 'open job' : 'open jobs';
      return [
        row.id,
        `The visit has ${row.count} ${noun} (${named}${more}); complete, cancel or move them first.`,
      ];
    }),
  );
}

/**
 * Visits (field-work §3; fields chosen here, see docs/jobs.md): a trip to a project's site that
 * jobs belong to (job.visit_id). Soft delete with restore; bulk delete answers {deleted, failed}
 * with a reason per visit. Managers and admins manage visits; an operative sees the visits of
 * jobs assigned to them.
 */
export const visitsResource: ResourceDeclaration = defineResource({
  name: 'visits',
  label: 'Visit',
  table: 'visits',
  record: visitSchema,
  create: visitCreateSchema,
  update: visitUpdateSchema,
  fields: {
    reference: { type: 'text', filter: true, sort: true },
    project_id: { type: 'id', filter: true },
    site_id: { type: 'id', filter: true },
    date: calendarDateField('date'),
    notes: { type: 'text' },
    job_count: { type: 'integer', sql: JOB_COUNT, sort: true },
    deleted_at: { type: 'timestamp', sort: true },
  },
  references: {
    project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' },
    site_id: { table: 'sites', label: 'Site', live: 'deleted_at IS NULL' },
  },
  filters: dateRangeFilters('date'),
  search: ['reference'],
  expand: {
    project: belongsTo(() => projectsResource, 'project_id'),
    site: belongsTo(() => sitesResource, 'site_id'),
  },
  visibility: (ctx, params) =>
    ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER
      ? null
      : `EXISTS (SELECT 1 FROM jobs j WHERE j.organisation_id = t.organisation_id
           AND j.visit_id = t.id AND j.operative_id = ${params.add(ctx.user.id)})`,
  defaultSort: 'date',
  verbs: [...CRUD_VERBS, ...RESTORE_VERBS, 'duplicate', 'duplicate_many'],
  softDelete: true,
  access: {
    read: 'OPERATIVE',
    write: 'MANAGER',
    note: 'operatives see only visits of jobs assigned to them',
  },
  rules: { deleteBlockers: openJobReasons },
});
