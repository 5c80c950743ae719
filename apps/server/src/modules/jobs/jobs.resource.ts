import {
  ROLE_RANK,
  jobCreateSchema,
  jobReassignSchema,
  jobRescheduleSchema,
  jobSchema,
  jobUpdateSchema,
  type FieldError,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { OrganisationContext } from '../../platform/http/context';
import { removeStoredFilesAfterCommit } from '../../platform/storage/remove-files.job';
import {
  calendarDateField,
  CRUD_VERBS,
  belongsTo,
  defineResource,
  reader,
  userRef,
  type Params,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { projectsResource } from '../projects';
import { RELEASE_LOCK_SQL, assertNotLockedElsewhere, guarded, lockActions } from './device-lock';
import { reassignRefusals } from './reassign';
import { checkedAttributeValues, type AttributeValueInput } from './attribute-values';
import { jobDateRangeFilters } from './date-range-filters';
import { JOB_SHEET_COUNT, JOB_SHEET_IDS } from './job-sheet-columns';
import { submitJobSheetsAction } from './submit-job-sheets';
import { completionRefusals, noteCompletions } from './completion';
import { operativeError } from './operative-check';
import { noticeCreatedJobs, noticeJobs, noticeUpdatedJob } from './notices';

/** Outgoing webhooks (docs/webhooks.md): each job as GET /jobs/{id} answers it. */
let jobsReader: ReturnType<typeof reader> | undefined;
const publishJobs = (
  ctx: OrganisationContext,
  type: 'job.created' | 'job.started' | 'job.completed',
  ids: string[],
) => publishEvent(ctx, type, () => (jobsReader ??= reader(jobsResource)).findMany(ctx, ids));

const FORM_NAMES = `(SELECT coalesce(array_agg(pf.name ORDER BY pf.name), '{}') FROM project_forms pf
  WHERE pf.organisation_id = t.organisation_id AND pf.project_id = t.project_id
    AND pf.form_id = ANY(t.form_ids))`;
const CLIENT_ID = `(SELECT p.client_id FROM projects p
  WHERE p.organisation_id = t.organisation_id AND p.id = t.project_id)`;

const managesAll = (ctx: OrganisationContext) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

const assignedToCaller = (ctx: OrganisationContext, params: Params) =>
  `t.operative_id = ${params.add(ctx.user.id)}`;

/** The next number of the organisation: the counter row stays locked until the transaction ends. */
async function nextJobNumber(ctx: OrganisationContext): Promise<number> {
  const { rows } = await ctx.db.query<{ last_number: number }>(
    `INSERT INTO job_number_counters AS c (organisation_id, last_number) VALUES ($1, 1)
     ON CONFLICT (organisation_id) DO UPDATE SET last_number = c.last_number + 1
     RETURNING last_number`,
    [ctx.organisationId],
  );
  return rows[0]!.last_number;
}

/** form_ids must be forms of the project; the operative an active member (not a guest). */
async function checkAssignments(
  ctx: OrganisationContext,
  projectId: string,
  values: Record<string, unknown>,
) {
  const errors: FieldError[] = [];
  const formIds = values.form_ids as string[] | undefined;
  if (formIds?.length) {
    const { rows } = await ctx.db.query<{ form_id: string }>(
      `SELECT form_id FROM project_forms
        WHERE organisation_id = $1 AND project_id = $2 AND form_id = ANY($3::text[])`,
      [ctx.organisationId, projectId, formIds],
    );
    const found = new Set(rows.map((row) => row.form_id));
    formIds.forEach((id, index) => {
      if (!found.has(id))
        errors.push({
          field: `form_ids.${index}`,
          message: 'Not a form of this project.',
          code: 'not_found',
        });
    });
  }
  const operativeId = values.operative_id;
  if (typeof operativeId === 'string') {
    const error = await operativeError(ctx, operativeId);
    if (error) errors.push(error);
  }
  if (errors.length) throw validationFailure(errors);
}

/** Jobs (field-work §3 Job, §4 transitions): see docs/jobs.md for the lifecycle. */
export const jobsResource: ResourceDeclaration = defineResource({
  name: 'jobs',
  label: 'Job',
  table: 'jobs',
  record: jobSchema,
  create: jobCreateSchema,
  update: jobUpdateSchema,
  fields: {
    number: { type: 'integer', filter: true, sort: true },
    reference: { type: 'text', filter: true, sort: true },
    client_id: { type: 'id', sql: CLIENT_ID, filter: true },
    project_id: { type: 'id', filter: true },
    site_id: { type: 'id', filter: true },
    operative_id: { type: 'id', filter: true },
    form_ids: { type: 'json' },
    date: calendarDateField('date'),
    instructions: { type: 'text' },
    contact_id: { type: 'id', filter: true },
    visit_id: { type: 'id', filter: true },
    status: { type: 'text', filter: true, sort: true },
    cancelled_at: { type: 'timestamp', sort: true },
    started_at: { type: 'timestamp', sort: true },
    completed_at: { type: 'timestamp', sort: true },
    locked_by_device_id: { type: 'text' },
    locked_by_user_name: { type: 'text' },
    locked_at: { type: 'timestamp' },
    attribute_values: { type: 'json' },
    form_names: { type: 'json', sql: FORM_NAMES },
    job_sheet_count: { type: 'integer', sql: JOB_SHEET_COUNT },
    job_sheet_ids: { type: 'json', sql: JOB_SHEET_IDS },
  },
  references: {
    project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' },
    site_id: { table: 'sites', label: 'Site', live: 'deleted_at IS NULL' },
    contact_id: { table: 'contacts', label: 'Contact' },
    visit_id: { table: 'visits', label: 'Visit', live: 'deleted_at IS NULL' },
  },
  filters: jobDateRangeFilters,
  // filter[search]: the reference contains the term, or the term is the number ("42", "#42").
  search: ['reference'],
  searchNumber: 'number',
  expand: {
    project: belongsTo(() => projectsResource, 'project_id'),
    operative: userRef('operative_id'),
  },
  // Managers and admins see every job; an operative the jobs assigned to them; a guest the jobs
  // of the projects they are a guest of.
  visibility: (ctx, params) => {
    if (managesAll(ctx)) return null;
    if (ctx.membership.guest || ctx.membership.role === 'GUEST')
      return `t.project_id IN (SELECT pm.project_id FROM project_members pm
        WHERE pm.organisation_id = t.organisation_id AND pm.user_id = ${params.add(ctx.user.id)})`;
    return assignedToCaller(ctx, params);
  },
  defaultSort: 'number',
  verbs: [...CRUD_VERBS, 'create_many', 'delete_many', 'duplicate', 'duplicate_many'],
  // A copy is a new AWAITING job with the next number: never its sheets, start or lock.
  copy: { sets: async (ctx) => ({ number: await nextJobNumber(ctx) }) },
  forceDelete: true,
  access: {
    read: 'GUEST',
    write: 'MANAGER',
    forceDelete: 'MANAGER',
    note: 'operatives see only jobs assigned to them; guests only jobs of their projects',
  },
  actions: [
    {
      // "Start on web" (field-work §4): a manager's or operative's start in the web app. It takes
      // no device lock; a device takes its lock with /lock first (docs/jobs.md).
      name: 'start_on_web',
      methods: ['PUT', 'POST'],
      manyMethods: ['PUT', 'POST'],
      past: 'started',
      audit: 'START',
      summary:
        'Start a job on the web (takes no device lock; refused while another device holds one)',
      from: ['AWAITING'],
      sets: { status: 'IN_PROGRESS' },
      setsSql: { started_at: 'now()' },
      wrongStatus: 422,
      validate: guarded(),
      after: (ctx, ids) => publishJobs(ctx, 'job.started', ids),
    },
    {
      name: 'complete',
      past: 'completed',
      audit: 'COMPLETE',
      from: ['IN_PROGRESS'],
      sets: { status: 'COMPLETED' },
      setsSql: { completed_at: 'now()', ...RELEASE_LOCK_SQL },
      wrongStatus: 422,
      // Forms without a submitted sheet: refused or noted, per the organisation's setting.
      validate: guarded(completionRefusals),
      after: async (ctx, ids) => {
        await noteCompletions(ctx, ids);
        await publishJobs(ctx, 'job.completed', ids);
      },
    },
    {
      name: 'cancel',
      past: 'cancelled',
      audit: 'CANCEL',
      from: ['AWAITING', 'IN_PROGRESS'],
      sets: { status: 'CANCELLED' },
      setsSql: { cancelled_at: 'now()', ...RELEASE_LOCK_SQL },
      wrongStatus: 422,
    },
    {
      name: 'reassign',
      past: 'reassigned',
      audit: 'REASSIGN',
      summary: 'Give a job to another operative (body {operative_id})',
      from: ['AWAITING', 'IN_PROGRESS'],
      body: jobReassignSchema,
      setsFromBody: ['operative_id'],
      setsSql: RELEASE_LOCK_SQL,
      wrongStatus: 422,
      validate: guarded((ctx, rows, body) =>
        reassignRefusals(ctx, rows, String(body.operative_id)),
      ),
      after: (ctx, ids) => noticeJobs(ctx, ids, 'job_assigned'),
    },
    {
      name: 'recall',
      past: 'recalled',
      audit: 'RECALL',
      summary: 'Take a started job back to AWAITING, releasing its device lock',
      from: ['IN_PROGRESS'],
      sets: { status: 'AWAITING' },
      setsSql: { started_at: 'NULL', ...RELEASE_LOCK_SQL },
      wrongStatus: 422,
    },
    {
      name: 'reschedule',
      past: 'rescheduled',
      audit: 'RESCHEDULE',
      summary: 'Move a job to another day (body {date})',
      from: ['AWAITING'],
      body: jobRescheduleSchema,
      setsFromBody: ['date'],
      wrongStatus: 422,
      validate: guarded(),
      after: (ctx, ids) => noticeJobs(ctx, ids, 'job_rescheduled'),
    },
    ...lockActions,
    submitJobSheetsAction,
  ],
  policy: {
    // The operative's own device takes their job; whoever locked it (or a manager) releases it.
    lock: {
      role: 'MANAGER',
      rule: { role: 'OPERATIVE', note: 'only jobs assigned to them', sql: assignedToCaller },
    },
    unlock: {
      role: 'MANAGER',
      rule: {
        role: 'OPERATIVE',
        note: 'only jobs their device locked',
        sql: (ctx, params) => `t.locked_by_user_id = ${params.add(ctx.user.id)}`,
      },
    },
    // An operative starts their own jobs, only on projects where they may start jobs.
    start_on_web: {
      role: 'MANAGER',
      rule: {
        role: 'OPERATIVE',
        note: 'only jobs assigned to them, on projects where they have can_start_jobs',
        sql: (ctx, params) => `${assignedToCaller(ctx, params)} AND EXISTS (
          SELECT 1 FROM project_members pm WHERE pm.organisation_id = t.organisation_id
             AND pm.project_id = t.project_id AND pm.user_id = t.operative_id AND pm.can_start_jobs)`,
      },
    },
    complete: {
      role: 'MANAGER',
      rule: { role: 'OPERATIVE', note: 'only jobs assigned to them', sql: assignedToCaller },
    },
    submit_all_job_sheets: {
      role: 'MANAGER',
      rule: { role: 'OPERATIVE', note: 'only jobs assigned to them', sql: assignedToCaller },
    },
  },
  rules: {
    // The operative hears of a job given to them or moved to another day (on the queue).
    afterInsert: async (ctx, created) => {
      await noticeCreatedJobs(ctx, created);
      await publishJobs(
        ctx,
        'job.created',
        created.map((row) => row.id),
      );
    },
    // A copy is a new job: it is created for the webhooks too.
    afterDuplicate: (ctx, copies) =>
      publishJobs(
        ctx,
        'job.created',
        copies.map((copy) => copy.to),
      ),
    afterUpdate: noticeUpdatedJob,
    // Its job sheets went with it (cascade): their photos' and signatures' files go on the queue.
    afterDelete: (ctx) => removeStoredFilesAfterCommit(ctx),
    // Work has happened on a started or completed job: deleting it needs ?force=true.
    async deleteBlockers(ctx, ids) {
      const { rows } = await ctx.db.query<{ id: string; status: string }>(
        `SELECT id, status FROM jobs WHERE organisation_id = $1 AND id = ANY($2::text[])
            AND status IN ('IN_PROGRESS', 'COMPLETED')`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.id,
          `The job is ${row.status}; cancel it, or delete with force=true.`,
        ]),
      );
    },
    async beforeWrite(ctx, values, existing) {
      const projectId = String(values.project_id ?? existing?.project_id);
      if (existing && values.project_id && values.project_id !== existing.project_id) {
        throw validationFailure([
          {
            field: 'project_id',
            message: 'A job stays on its project; create a new job instead.',
            code: 'invalid',
          },
        ]);
      }
      if (existing) assertNotLockedElsewhere(ctx, existing);
      await checkAssignments(ctx, projectId, values);
      const next: Record<string, unknown> = { ...values };
      if (values.attribute_values !== undefined) {
        const stored = await checkedAttributeValues(
          ctx,
          projectId,
          values.attribute_values as AttributeValueInput[],
        );
        next.attribute_values = JSON.stringify(stored);
      }
      if (!existing) next.number = await nextJobNumber(ctx);
      return next;
    },
  },
});
