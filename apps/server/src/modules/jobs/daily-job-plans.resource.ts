import {
  ROLE_RANK,
  dailyJobPlanCreateSchema,
  dailyJobPlanSchema,
  dailyJobPlanUpdateSchema,
  type FieldError,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  calendarDateField,
  CRUD_VERBS,
  defineResource,
  userRef,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';
import { dateRangeFilters } from './date-range-filters';
import { operativeError } from './operative-check';

/** form_ids must name live (unarchived) forms of the organisation. */
async function formErrors(ctx: OrganisationContext, formIds: string[]): Promise<FieldError[]> {
  if (!formIds.length) return [];
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM forms WHERE organisation_id = $1 AND id = ANY($2::text[]) AND archived_at IS NULL`,
    [ctx.organisationId, formIds],
  );
  const found = new Set(rows.map((row) => row.id));
  return formIds.flatMap((id, index) =>
    found.has(id)
      ? []
      : [{ field: `form_ids.${index}`, message: 'Form not found.', code: 'not_found' }],
  );
}

/** The next position among the plans of an operative's day (a plan moved there goes last). */
async function nextViewOrder(ctx: OrganisationContext, operativeId: unknown, localDay: unknown) {
  const { rows } = await ctx.db.query<{ next: number }>(
    `SELECT coalesce(max(operative_view_order) + 1, 0)::int AS next FROM daily_job_plans
      WHERE organisation_id = $1 AND operative_id = $2 AND local_day = $3::date`,
    [ctx.organisationId, operativeId, localDay],
  );
  return rows[0]!.next;
}

const movesDay = (values: Record<string, unknown>, existing: Row) =>
  (values.operative_id !== undefined && values.operative_id !== existing.operative_id) ||
  (values.local_day !== undefined && values.local_day !== existing.local_day);

/**
 * Daily job plans (field-work §3): an operative's work for one local day. Managers and admins
 * plan for everyone; an operative sees their own plans. Plans of one operative's day keep a
 * gapless operative_view_order, changed by /reorder (ids in their new order).
 */
export const dailyJobPlansResource: ResourceDeclaration = defineResource({
  name: 'daily_job_plans',
  label: 'Daily job plan',
  table: 'daily_job_plans',
  record: dailyJobPlanSchema,
  create: dailyJobPlanCreateSchema,
  update: dailyJobPlanUpdateSchema,
  fields: {
    operative_id: { type: 'id', filter: true },
    local_day: calendarDateField('local_day'),
    reference: { type: 'text', filter: true, sort: true },
    form_ids: { type: 'json' },
    instructions: { type: 'text' },
    operative_view_order: { type: 'integer', sort: true },
  },
  filters: dateRangeFilters('local_day'),
  search: ['reference'],
  expand: { operative: userRef('operative_id') },
  visibility: (ctx, params) =>
    ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER
      ? null
      : `t.operative_id = ${params.add(ctx.user.id)}`,
  defaultSort: 'local_day',
  order: { column: 'operative_view_order', groupBy: ['operative_id', 'local_day'] },
  verbs: [...CRUD_VERBS, 'create_many', 'delete_many', 'reorder'],
  access: {
    read: 'OPERATIVE',
    write: 'MANAGER',
    note: 'operatives see only their own plans',
  },
  rules: {
    async beforeWrite(ctx, values, existing) {
      const errors: FieldError[] = [];
      if (typeof values.operative_id === 'string') {
        const error = await operativeError(ctx, values.operative_id);
        if (error) errors.push(error);
      }
      errors.push(...(await formErrors(ctx, (values.form_ids as string[] | undefined) ?? [])));
      if (errors.length) throw validationFailure(errors);
      if (!existing || !movesDay(values, existing)) return values;
      const operativeId = values.operative_id ?? existing.operative_id;
      const localDay = values.local_day ?? existing.local_day;
      return { ...values, operative_view_order: await nextViewOrder(ctx, operativeId, localDay) };
    },
  },
});
