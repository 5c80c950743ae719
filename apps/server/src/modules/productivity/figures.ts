import {
  PRODUCTIVITY_MAX_DAY_ROWS,
  PRODUCTIVITY_MAX_DAYS,
  PRODUCTIVITY_UNIT_MEASURES,
  PRODUCTIVITY_UNITS,
  ROLE_RANK,
  type ProductivityAnswer,
  type ProductivityFigures,
  type ProductivityGrouping,
  type ProductivityRow,
  type ProductivityTimeframe,
  type ProductivityUnit,
} from '@fieldwork/contract';
import { forbidden, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { Params } from '../../platform/resource-kit';

/** A productivity question once parsed (GET /productivity's query, or a report's options). */
export interface ProductivitySpec {
  timeframe: ProductivityTimeframe;
  group_by: ProductivityGrouping[];
  from?: string;
  to?: string;
  project_ids?: string[];
  user_ids?: string[];
  team_ids?: string[];
}

const DAY_MS = 86_400_000;
const asDate = (text: string) => new Date(`${text}T00:00:00.000Z`);
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the period a day falls in (weeks start on Monday, as date_trunc's). */
export function periodStart(day: string, timeframe: ProductivityTimeframe): string {
  const date = asDate(day);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (timeframe) {
    case 'day':
      return day;
    case 'week':
      return dayText(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
    case 'month':
      return dayText(new Date(Date.UTC(year, month, 1)));
    case 'quarter':
      return dayText(new Date(Date.UTC(year, month - (month % 3), 1)));
    case 'year':
      return dayText(new Date(Date.UTC(year, 0, 1)));
  }
}

function nextPeriod(start: string, timeframe: ProductivityTimeframe): string {
  const date = asDate(start);
  const step = { day: 0, week: 0, month: 1, quarter: 3, year: 12 }[timeframe];
  if (timeframe === 'day') return dayText(new Date(date.getTime() + DAY_MS));
  if (timeframe === 'week') return dayText(new Date(date.getTime() + 7 * DAY_MS));
  return dayText(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1)));
}

/** Every period's first day from the one holding `from` to the one holding `to`. */
export function periodsOf(from: string, to: string, timeframe: ProductivityTimeframe): string[] {
  const periods: string[] = [];
  for (let at = periodStart(from, timeframe); at <= to; at = nextPeriod(at, timeframe))
    periods.push(at);
  return periods;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const addMonths = (month: string, count: number) => {
  const date = asDate(month);
  return dayText(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1)));
};
const monthEnd = (month: string) =>
  dayText(new Date(asDate(addMonths(month, 1)).getTime() - DAY_MS));

/**
 * Where the rows come from. Days and weeks: the daily rollup. Months, quarters, years: the
 * monthly rollup for each month of the range, except a first or last month the range covers
 * only in part while the organisation has days in it outside the range (found by a probe of the
 * daily rollup): those days come from the daily rollup. Exact either way.
 */
async function sourceOf(
  ctx: OrganisationContext,
  params: Params,
  org: string,
  timeframe: ProductivityTimeframe,
  from: string,
  to: string,
) {
  const daily = (first: string, last: string) =>
    `SELECT * FROM productivity_daily m WHERE m.organisation_id = ${org}
        AND m.day >= ${params.add(first)}::date AND m.day <= ${params.add(last)}::date`;
  if (timeframe === 'day' || timeframe === 'week') return `(${daily(from, to)})`;
  const head = monthStart(from);
  const tail = monthStart(to);
  const { rows } = await ctx.db.query<{ head: boolean; tail: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM productivity_daily WHERE organisation_id = $1
                     AND day >= $2::date AND day < $3::date) AS head,
            EXISTS (SELECT 1 FROM productivity_daily WHERE organisation_id = $1
                     AND day > $4::date AND day <= $5::date) AS tail`,
    [ctx.organisationId, head, from, to, monthEnd(tail)],
  );
  const first = rows[0]!.head ? addMonths(head, 1) : head;
  const last = rows[0]!.tail ? addMonths(tail, -1) : tail;
  if (first > last) return `(${daily(from, to)})`;
  const parts = [
    `SELECT * FROM productivity_monthly m WHERE m.organisation_id = ${org}
        AND m.day >= ${params.add(first)}::date AND m.day <= ${params.add(last)}::date`,
  ];
  if (first !== head) parts.push(daily(from, monthEnd(head)));
  if (last !== tail) parts.push(daily(tail, to));
  return `(${parts.join(' UNION ALL ')})`;
}

/** Today in the organisation's time zone. */
async function today(ctx: OrganisationContext): Promise<string> {
  const { rows } = await ctx.db.query<{ day: string }>(
    `SELECT to_char(now() AT TIME ZONE productivity_zone($1), 'YYYY-MM-DD') AS day`,
    [ctx.organisationId],
  );
  return rows[0]!.day;
}

/** The range asked for, or the last twelve periods (for days: the last 31) up to today. */
async function rangeOf(ctx: OrganisationContext, spec: ProductivitySpec, field: string) {
  const to = spec.to ?? (await today(ctx));
  let from = spec.from;
  if (!from) {
    const back = { day: 30, week: 7 * 11, month: 0, quarter: 0, year: 0 }[spec.timeframe];
    const end = asDate(to);
    if (spec.timeframe === 'day' || spec.timeframe === 'week')
      from = periodStart(dayText(new Date(end.getTime() - back * DAY_MS)), spec.timeframe);
    else {
      const months = { month: 11, quarter: 9, year: 24 }[spec.timeframe];
      from = periodStart(
        dayText(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - months, 1))),
        spec.timeframe,
      );
    }
  }
  const days = (asDate(to).getTime() - asDate(from).getTime()) / DAY_MS + 1;
  if (days < 1)
    throw validationFailure([
      { field: `${field}[to]`, message: 'Must be on or after the first day', code: 'invalid' },
    ]);
  if (days > PRODUCTIVITY_MAX_DAYS)
    throw validationFailure([
      {
        field: `${field}[from]`,
        message: `At most ${PRODUCTIVITY_MAX_DAYS} days in one answer`,
        code: 'too_wide',
      },
    ]);
  if (spec.timeframe === 'day' && days > PRODUCTIVITY_MAX_DAY_ROWS)
    throw validationFailure([
      {
        field: `${field}[from]`,
        message: `At most ${PRODUCTIVITY_MAX_DAY_ROWS} days when split by day`,
        code: 'too_wide',
      },
    ]);
  return { from, to };
}

const isManager = (ctx: OrganisationContext) =>
  !ctx.membership.guest && ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

/**
 * Who may see what: managers and admins anyone's figures; an operative only their own (asking
 * for someone else's is refused; asking for none answers their own).
 */
function membersSeen(ctx: OrganisationContext, spec: ProductivitySpec, field: string) {
  if (isManager(ctx)) return spec.user_ids;
  if (spec.user_ids && spec.user_ids.some((id) => id !== ctx.user.id))
    throw forbidden(`Operatives see only their own figures: ${field}[user_id] may name only you.`);
  return [ctx.user.id];
}

/**
 * A question with its range and the members the caller may see settled: everything its answer
 * depends on besides the data, so also what a kept answer is kept under.
 */
export async function settledQuestion(
  ctx: OrganisationContext,
  spec: ProductivitySpec,
  field = 'filter',
): Promise<ProductivitySpec & { from: string; to: string }> {
  const { from, to } = await rangeOf(ctx, spec, field);
  const userIds = membersSeen(ctx, spec, field);
  return {
    timeframe: spec.timeframe,
    group_by: spec.group_by,
    from,
    to,
    ...(userIds ? { user_ids: userIds } : {}),
    ...(spec.project_ids ? { project_ids: spec.project_ids } : {}),
    ...(spec.team_ids ? { team_ids: spec.team_ids } : {}),
  };
}

interface RollupRow {
  period_start: string;
  user_id: string | null;
  user_name: string | null;
  project_id: string | null;
  project_name: string | null;
  job_sheets_submitted: number;
  job_sheets_approved: number;
  locations_completed: number;
  seconds_worked: string | number;
  [unit: string]: unknown;
}

const UNIT_SUMS = PRODUCTIVITY_UNITS.map(
  (unit) => `sum(d.${unit}) AS ${unit}, sum(d.${unit}_value::float8) AS ${unit}_value`,
).join(', ');

const UNIT_COLUMNS = PRODUCTIVITY_UNITS.map((unit) => `g.${unit}, g.${unit}_value`).join(', ');

/** Figures of nothing, to add rows into. */
export const emptyFigures = (): ProductivityFigures => ({
  job_sheets_submitted: 0,
  job_sheets_approved: 0,
  locations_completed: 0,
  hours_worked: 0,
  seconds_worked: 0,
  materials: [],
});

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
};

/** Hours as answers give them: two decimals. */
export const hoursOf = (seconds: number) => round(seconds / 3600, 2);

function materialsOf(row: Record<string, unknown>) {
  return PRODUCTIVITY_UNITS.flatMap((unit: ProductivityUnit) => {
    const quantity = Number(row[unit] ?? 0);
    const value = Number(row[`${unit}_value`] ?? 0);
    if (!quantity && !value) return [];
    return [
      { unit, measure: PRODUCTIVITY_UNIT_MEASURES[unit], quantity: round(quantity, 6), value },
    ];
  });
}

/** Adds a row's figures into a running total (hours are left to the caller, from the seconds). */
export function addInto(total: ProductivityFigures, row: ProductivityFigures) {
  total.job_sheets_submitted += row.job_sheets_submitted;
  total.job_sheets_approved += row.job_sheets_approved;
  total.locations_completed += row.locations_completed;
  total.seconds_worked += row.seconds_worked;
  for (const material of row.materials) {
    const found = total.materials.find((entry) => entry.unit === material.unit);
    if (found) {
      found.quantity = round(found.quantity + material.quantity, 6);
      found.value += material.value;
    } else total.materials.push({ ...material });
  }
}

/**
 * The figures asked for, read from the daily rollup (productivity_daily): one row per period and
 * grouping with anything in it, the totals, and every period of the range. `field` names the
 * filter in errors (`filter` for the query string, the report body's `filter` likewise).
 */
export async function productivityFigures(
  ctx: OrganisationContext,
  spec: ProductivitySpec,
  field = 'filter',
): Promise<ProductivityAnswer> {
  const { from, to, user_ids: userIds } = await settledQuestion(ctx, spec, field);
  const params = new Params();
  const byMember = spec.group_by.includes('member');
  const byProject = spec.group_by.includes('project');
  const org = params.add(ctx.organisationId);
  const where: string[] = [];
  if (userIds) where.push(`d.user_id = ANY(${params.add(userIds)}::text[])`);
  if (spec.project_ids) where.push(`d.project_id = ANY(${params.add(spec.project_ids)}::text[])`);
  if (spec.team_ids)
    where.push(
      `d.user_id IN (SELECT m.user_id FROM team_members m
                      WHERE m.organisation_id = ${org}
                        AND m.team_id = ANY(${params.add(spec.team_ids)}::text[]))`,
    );
  const source = await sourceOf(ctx, params, org, spec.timeframe, from, to);
  // Grouped first, then named and formatted: once per answer row, not per rollup row.
  const { rows } = await ctx.db.query<RollupRow>(
    `WITH g AS (
       SELECT date_trunc(${params.add(spec.timeframe)}, d.day::timestamp)::date AS period,
              ${byMember ? 'd.user_id' : 'NULL::text'} AS user_id,
              ${byProject ? 'd.project_id' : 'NULL::text'} AS project_id,
              sum(d.job_sheets_submitted)::int AS job_sheets_submitted,
              sum(d.job_sheets_approved)::int AS job_sheets_approved,
              sum(d.locations_completed)::int AS locations_completed,
              sum(d.seconds_worked::float8) AS seconds_worked, ${UNIT_SUMS}
         FROM ${source} d
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY 1, 2, 3)
     SELECT to_char(g.period, 'YYYY-MM-DD') AS period_start, named_user.name AS user_name,
            named_project.name AS project_name, g.user_id, g.project_id, g.job_sheets_submitted,
            g.job_sheets_approved, g.locations_completed, g.seconds_worked, ${UNIT_COLUMNS}
       FROM g
       LEFT JOIN (SELECT u.id, u.name FROM users u
                    JOIN memberships m ON m.user_id = u.id AND m.organisation_id = ${org}) named_user
              ON named_user.id = g.user_id
       LEFT JOIN projects named_project
              ON named_project.organisation_id = ${org} AND named_project.id = g.project_id
      ORDER BY g.period, g.user_id, g.project_id`,
    params.values,
  );
  const totals = emptyFigures();
  const data: ProductivityRow[] = rows.map((row) => {
    const seconds = Number(row.seconds_worked);
    const userId = row.user_id || null;
    const projectId = row.project_id || null;
    const figures: ProductivityFigures = {
      job_sheets_submitted: row.job_sheets_submitted,
      job_sheets_approved: row.job_sheets_approved,
      locations_completed: row.locations_completed,
      hours_worked: hoursOf(seconds),
      seconds_worked: seconds,
      materials: materialsOf(row),
    };
    addInto(totals, figures);
    return {
      period_start: row.period_start,
      user_id: userId,
      user_name: userId ? row.user_name : null,
      project_id: projectId,
      project_name: projectId ? row.project_name : null,
      ...figures,
    };
  });
  totals.hours_worked = hoursOf(totals.seconds_worked);
  totals.materials.sort(
    (a, b) => PRODUCTIVITY_UNITS.indexOf(a.unit) - PRODUCTIVITY_UNITS.indexOf(b.unit),
  );
  return {
    data,
    totals,
    meta: {
      timeframe: spec.timeframe,
      group_by: spec.group_by,
      from,
      to,
      periods: periodsOf(from, to, spec.timeframe),
    },
  };
}
