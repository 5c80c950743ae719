import {
  ROLE_RANK,
  formatDuration,
  timeEntryCreateSchema,
  timeEntrySchema,
  timeEntryUpdateSchema,
} from '@fieldwork/contract';
import { badRequest, forbidden, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { checkRecordHolder } from '../../platform/http/record-holder';
import {
  CRUD_VERBS,
  defineResource,
  nameOfField,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';
import type { Params } from '../../platform/resource-kit';

/** Managers and admins see and correct everyone's time; operatives only their own. */
export const managesTime = (ctx: OrganisationContext) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

/** The times an entry counts: a manager's override when set, else what was recorded. */
export const EFFECTIVE_START = 't.effective_started_at';
export const EFFECTIVE_END = 'COALESCE(t.ended_at_override, t.ended_at)';
/** Whole seconds from the effective start to the effective end, or to now while open. */
export const DURATION_SQL = `floor(EXTRACT(EPOCH FROM (COALESCE(${EFFECTIVE_END}, now()) - ${EFFECTIVE_START})))::int`;

/** The organisation's time zone (migration 20261202T0200), for periods given in days. */
export const zoneSql = (params: Params, organisationId: string) =>
  `organisation_time_zone(${params.add(organisationId)})`;

const isDay = (value: string) =>
  /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(value));
const isInstant = (value: string) =>
  /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * filter[from] / filter[to] on the effective start: a day (YYYY-MM-DD, midnight in the
 * organisation's time zone; `to` takes the whole day) or an instant (ISO 8601).
 */
const boundFilter = (name: 'from' | 'to') => ({
  sql(values: string[], params: Params, caller: { organisationId: string }) {
    const value = values[0] ?? '';
    if (values.length !== 1 || !(isDay(value) || isInstant(value))) {
      throw badRequest(
        `filter[${name}] takes one day (YYYY-MM-DD) or date and time (ISO 8601).`,
        'bad_filter',
      );
    }
    let bound: string;
    if (isDay(value)) {
      const day = name === 'to' ? `(${params.add(value)}::date + 1)` : `${params.add(value)}::date`;
      bound = `(${day}::timestamp AT TIME ZONE ${zoneSql(params, caller.organisationId)})`;
    } else {
      bound = `${params.add(value)}::timestamptz`;
    }
    return name === 'from' ? `${EFFECTIVE_START} >= ${bound}` : `${EFFECTIVE_START} < ${bound}`;
  },
});

/** Operatives write only their own entries; a named member must belong to the organisation. */
export const checkMember = (ctx: OrganisationContext, userId: string, field = 'user_id') =>
  checkRecordHolder(ctx, userId, {
    mayNameOthers: managesTime(ctx),
    ownOnly: 'You may only record your own time.',
    field,
  });

const time = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).getTime();

/**
 * Creates are manual entries (manual_entry, created_by_user_id); updates of the overrides are
 * managers' and need a reason; the effective end may not come before the effective start.
 */
async function beforeWrite(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row | null,
): Promise<Record<string, unknown>> {
  if (!existing) {
    const userId = (values.user_id as string | undefined) ?? ctx.user.id;
    await checkMember(ctx, userId);
    if (time(values.ended_at)! < time(values.started_at)!) {
      throw validationFailure([
        { field: 'ended_at', message: 'Must be on or after the start.', code: 'invalid' },
      ]);
    }
    return { ...values, user_id: userId, manual_entry: true, created_by_user_id: ctx.user.id };
  }
  const next: Record<string, unknown> = { ...values };
  const overrides = ['started_at_override', 'ended_at_override'].filter(
    (key) => values[key] !== undefined,
  );
  if (overrides.length || values.override_reason !== undefined) {
    if (!managesTime(ctx)) {
      throw forbidden('Only managers may correct the times of an entry.', 'managers_only');
    }
  }
  if (values.ended_at_override && !existing.ended_at) {
    throw validationFailure([
      {
        field: 'ended_at_override',
        message: 'The entry is still open: end it before correcting its end.',
        code: 'invalid',
      },
    ]);
  }
  const setting = overrides.filter((key) => values[key] !== null);
  const reason =
    values.override_reason !== undefined ? values.override_reason : existing.override_reason;
  if (setting.length && !reason) {
    throw validationFailure([
      { field: 'override_reason', message: 'Say why the times change.', code: 'required' },
    ]);
  }
  if (values.started_at_override !== undefined) {
    next.started_override_user_id = values.started_at_override === null ? null : ctx.user.id;
  }
  if (values.ended_at_override !== undefined) {
    next.ended_override_user_id = values.ended_at_override === null ? null : ctx.user.id;
  }
  const start = (
    values.started_at_override !== undefined
      ? (values.started_at_override ?? existing.started_at)
      : (existing.started_at_override ?? existing.started_at)
  ) as string;
  const end = (
    values.ended_at_override !== undefined
      ? (values.ended_at_override ?? existing.ended_at)
      : (existing.ended_at_override ?? existing.ended_at)
  ) as string | null;
  if (end && time(end)! < time(start)!) {
    throw validationFailure([
      {
        field: values.ended_at_override !== undefined ? 'ended_at_override' : 'started_at_override',
        message: 'The end must be on or after the start.',
        code: 'invalid',
      },
    ]);
  }
  return next;
}

/**
 * Time entries (field-work §3 Time entry), served by the kit at /timesheets: operatives see and
 * write only their own (visibility; the update rule below), managers and admins everyone's.
 * Start, end, revert and summary are routes of this module beside it (routes.ts).
 */
export const timesheetsResource: ResourceDeclaration = defineResource({
  name: 'timesheets',
  label: 'Time entry',
  table: 'time_entries',
  record: timeEntrySchema,
  create: timeEntryCreateSchema,
  update: timeEntryUpdateSchema,
  fields: {
    user_id: { type: 'id', filter: true },
    user_name: nameOfField('users', 'user_id', { sort: true }),
    client_id: { type: 'id', filter: true },
    client_name: nameOfField('clients', 'client_id', { sort: true }),
    project_id: { type: 'id', filter: true },
    project_name: nameOfField('projects', 'project_id', { sort: true }),
    site_id: { type: 'id', filter: true },
    site_name: nameOfField('sites', 'site_id', { sort: true }),
    started_at: { type: 'timestamp', sort: true },
    started_at_override: { type: 'timestamp' },
    started_override_user_id: { type: 'id' },
    started_override_user_name: nameOfField('users', 'started_override_user_id'),
    started_location_permission_granted: { type: 'boolean' },
    started_location: { type: 'json' },
    ended_at: { type: 'timestamp', sort: true },
    ended_at_override: { type: 'timestamp' },
    ended_override_user_id: { type: 'id' },
    ended_override_user_name: nameOfField('users', 'ended_override_user_id'),
    ended_location_permission_granted: { type: 'boolean' },
    ended_location: { type: 'json' },
    effective_started_at: { type: 'timestamp', sql: EFFECTIVE_START, sort: true },
    effective_ended_at: { type: 'timestamp', sql: EFFECTIVE_END, sort: true },
    open: { type: 'boolean', sql: '(t.ended_at IS NULL)', filter: true },
    duration: { type: 'integer', sql: DURATION_SQL, sort: true, sum: true },
    override_reason: { type: 'text' },
    notes: { type: 'text' },
    manual_entry: { type: 'boolean', filter: true },
    created_by_user_id: { type: 'id' },
    created_by_user_name: nameOfField('users', 'created_by_user_id'),
  },
  references: {
    client_id: { table: 'clients', label: 'Client' },
    project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' },
    site_id: { table: 'sites', label: 'Site', live: 'deleted_at IS NULL' },
  },
  filters: {
    from: boundFilter('from'),
    to: boundFilter('to'),
    team_id: {
      sql(values, params, caller) {
        return `t.user_id IN (SELECT tm.user_id FROM team_members tm
                  WHERE tm.organisation_id = ${params.add(caller.organisationId)}
                    AND tm.team_id = ANY(${params.add(values)}::text[]))`;
      },
    },
  },
  visibility: (ctx, params) => (managesTime(ctx) ? null : `t.user_id = ${params.add(ctx.user.id)}`),
  search: ['notes', 'override_reason'],
  defaultSort: '-effective_started_at',
  verbs: [...CRUD_VERBS, 'delete_many'],
  access: {
    read: 'OPERATIVE',
    write: 'OPERATIVE',
    note: 'OPERATIVE: only their own entries (notes and links; no overrides, no deletes); MANAGER and above: everyone’s',
  },
  policy: {
    update: {
      role: 'MANAGER',
      rule: {
        role: 'OPERATIVE',
        note: 'only their own entries',
        sql: (ctx, params) => `t.user_id = ${params.add(ctx.user.id)}`,
      },
    },
    delete: { role: 'MANAGER' },
  },
  present: (row) => ({
    ...row,
    duration: Number(row.duration),
    duration_formatted: formatDuration(Number(row.duration)),
  }),
  rules: { beforeWrite },
});
