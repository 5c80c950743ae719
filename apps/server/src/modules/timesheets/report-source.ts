import type { OrganisationContext } from '../../platform/http/context';
import { EFFECTIVE_END, EFFECTIVE_START, managesTime } from './timesheets.resource';

/** What a timesheets report covers (its build options, less the shared report options). */
export interface TimesheetsScope {
  from: string;
  to: string;
  user_ids?: string[] | undefined;
  team_id?: string | undefined;
  project_id?: string | undefined;
}

/** One entry as a report writes it. */
export interface ReportEntry {
  id: string;
  user_id: string;
  user_name: string | null;
  /** The Monday of the entry's week, in the organisation's zone. */
  week: string;
  /** The day it counts on, in the organisation's zone. */
  day: string;
  started: Date;
  ended: Date | null;
  seconds: number;
  client_name: string | null;
  project_name: string | null;
  site_name: string | null;
  manual_entry: boolean;
  overridden_by: string | null;
  override_reason: string | null;
}

/**
 * The WHERE of a report's entries over the row alias `t`, its parameters from $1 (organisation)
 * and $2 (time zone): the period in days of the zone, the members, team and project asked for,
 * and what the requester may see (operatives only their own).
 */
export function scopeWhere(ctx: OrganisationContext, scope: TimesheetsScope, timeZone: string) {
  const params: unknown[] = [ctx.organisationId, timeZone, scope.from, scope.to];
  let sql = `t.organisation_id = $1
    AND ${EFFECTIVE_START} >= ($3::date::timestamp AT TIME ZONE $2)
    AND ${EFFECTIVE_START} < (($4::date + 1)::timestamp AT TIME ZONE $2)`;
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (!managesTime(ctx)) sql += ` AND t.user_id = ${add(ctx.user.id)}`;
  if (scope.user_ids?.length) sql += ` AND t.user_id = ANY(${add(scope.user_ids)}::text[])`;
  if (scope.team_id) {
    sql += ` AND t.user_id IN (SELECT tm.user_id FROM team_members tm
               WHERE tm.organisation_id = $1 AND tm.team_id = ${add(scope.team_id)})`;
  }
  if (scope.project_id) sql += ` AND t.project_id = ${add(scope.project_id)}`;
  return { sql, params };
}

/** The entry's member's name. */
const USER_NAME = `(SELECT u.name FROM users u WHERE u.id = t.user_id) AS user_name`;
const WEEK = `to_char(date_trunc('week', ${EFFECTIVE_START} AT TIME ZONE $2), 'YYYY-MM-DD') AS week`;
const DAY = `to_char((${EFFECTIVE_START} AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day`;
const SECONDS = `floor(EXTRACT(EPOCH FROM (COALESCE(${EFFECTIVE_END}, now()) - ${EFFECTIVE_START})))::int AS seconds`;
/** The columns after the times: names, manual, who overrode it and why. */
const NAMES = `(SELECT c.name FROM clients c WHERE c.id = t.client_id) AS client_name,
  (SELECT p.name FROM projects p WHERE p.id = t.project_id) AS project_name,
  (SELECT s.name FROM sites s WHERE s.id = t.site_id) AS site_name,
  t.manual_entry,
  NULLIF(concat_ws(', ',
    (SELECT u.name FROM users u WHERE u.id = t.started_override_user_id),
    (SELECT u.name FROM users u WHERE u.id = t.ended_override_user_id
       AND t.ended_override_user_id IS DISTINCT FROM t.started_override_user_id)), '') AS overridden_by,
  t.override_reason`;

const SELECT_ENTRY = `t.id, t.user_id, ${USER_NAME},
  ${WEEK}, ${DAY}, ${EFFECTIVE_START} AS started, ${EFFECTIVE_END} AS ended, ${SECONDS}, ${NAMES}`;

/**
 * An entry as the Excel writes it, lean because a page of them lives while it is written (long
 * enough for V8 to move it to the old generation, where it stays as garbage until a full
 * collection: about 1 KB a row of a 100,000-row build, as `ReportEntry` with two parsed `Date`s
 * and a copy of each row). Its start and end come as the organisation's wall clock reads them, in
 * seconds from 1970 as if that clock were UTC (what a spreadsheet cell holds), worked out by
 * PostgreSQL; `started_key` is the effective start as text, only for the next page's keyset.
 */
export interface PagedEntry extends Omit<ReportEntry, 'user_id' | 'started' | 'ended'> {
  started_key: string;
  started_wall: number;
  ended_wall: number | null;
}

const SELECT_PAGED = `t.id, ${EFFECTIVE_START}::text AS started_key,
  ${USER_NAME}, ${WEEK}, ${DAY},
  floor(EXTRACT(EPOCH FROM (${EFFECTIVE_START} AT TIME ZONE $2)))::float8 AS started_wall,
  floor(EXTRACT(EPOCH FROM (${EFFECTIVE_END} AT TIME ZONE $2)))::float8 AS ended_wall,
  ${SECONDS}, ${NAMES}`;

/**
 * How many entries a report reads in one statement: a page lives while it is written, so a
 * smaller one leaves less in the old generation (1,000 rows a page: about 0.9 KB a row there).
 */
export const ENTRIES_A_PAGE = 200;

/**
 * The report's entries in the order of their effective start, read page by page (keyset on the
 * effective start and id, which the period index serves): never all in memory at once.
 */
export async function* entryPages(
  ctx: OrganisationContext,
  scope: TimesheetsScope,
  timeZone: string,
  pageSize = ENTRIES_A_PAGE,
): AsyncGenerator<PagedEntry[]> {
  const where = scopeWhere(ctx, scope, timeZone);
  let after: { started: string; id: string } | null = null;
  for (;;) {
    const params = [...where.params];
    let keyset = '';
    if (after) {
      params.push(after.started, after.id);
      const [started, id] = [`$${params.length - 1}::timestamptz`, `$${params.length}`];
      // the plain bound lets the period index start at the page's first entry
      keyset = ` AND ${EFFECTIVE_START} >= ${started} AND (${EFFECTIVE_START}, t.id) > (${started}, ${id})`;
    }
    params.push(pageSize);
    const { rows } = await ctx.db.query<PagedEntry>(
      `SELECT ${SELECT_PAGED} FROM time_entries t
        WHERE ${where.sql}${keyset}
        ORDER BY ${EFFECTIVE_START}, t.id LIMIT $${params.length}`,
      params,
    );
    if (!rows.length) return;
    // in place: a copy of each row would double what the page holds while it is written
    for (const row of rows) {
      row.seconds = Number(row.seconds);
      row.started_wall = Number(row.started_wall);
      if (row.ended_wall !== null) row.ended_wall = Number(row.ended_wall);
    }
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { started: last.started_key, id: last.id };
  }
}

/** A member's entries of the report, in start order (one member's period is small). */
export async function entriesOfMember(
  ctx: OrganisationContext,
  scope: TimesheetsScope,
  timeZone: string,
  userId: string,
): Promise<ReportEntry[]> {
  const where = scopeWhere(ctx, scope, timeZone);
  const params = [...where.params, userId];
  const { rows } = await ctx.db.query<ReportEntry>(
    `SELECT ${SELECT_ENTRY} FROM time_entries t
      WHERE ${where.sql} AND t.user_id = $${params.length}
      ORDER BY ${EFFECTIVE_START}, t.id`,
    params,
  );
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
}

export interface MemberTotal {
  user_id: string;
  user_name: string | null;
  week: string;
  seconds: number;
  entries: number;
}

/** Each member's seconds and entries per week of the report, by member name. */
export async function memberTotals(
  ctx: OrganisationContext,
  scope: TimesheetsScope,
  timeZone: string,
): Promise<MemberTotal[]> {
  const where = scopeWhere(ctx, scope, timeZone);
  const { rows } = await ctx.db.query<MemberTotal>(
    `SELECT t.user_id, ${USER_NAME},
            to_char(date_trunc('week', ${EFFECTIVE_START} AT TIME ZONE $2), 'YYYY-MM-DD') AS week,
            -- an open entry has no hours to pay yet
            COALESCE(sum(floor(EXTRACT(EPOCH FROM (${EFFECTIVE_END} - ${EFFECTIVE_START})))), 0)::bigint AS seconds,
            count(*)::int AS entries
       FROM time_entries t WHERE ${where.sql}
      GROUP BY t.user_id, week ORDER BY user_name, t.user_id, week`,
    where.params,
  );
  return rows.map((row) => ({
    ...row,
    seconds: Number(row.seconds),
    entries: Number(row.entries),
  }));
}
