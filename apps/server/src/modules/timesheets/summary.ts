import {
  formatDuration,
  type TimesheetMemberSummary,
  type TimesheetSummary,
  type TimesheetSummaryQuery,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { brandingOf } from '../reports';
import { DURATION_SQL, EFFECTIVE_START, managesTime } from './timesheets.resource';

/** The longest period one summary covers. */
export const MAX_SUMMARY_DAYS = 366;
const DAY = 86_400_000;

/** Today's date where the organisation works. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(now);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every day from..to. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The period a query names: from..to, the week of `week`, or this week (Monday to Sunday). */
export function periodOf(query: TimesheetSummaryQuery, timeZone: string) {
  if (query.from || query.to) {
    const from = query.from ?? query.to!;
    const to = query.to ?? addDays(from, 6);
    if (to < from) {
      throw validationFailure([
        { field: 'to', message: 'Must be on or after the first day.', code: 'invalid' },
      ]);
    }
    if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_SUMMARY_DAYS) {
      throw validationFailure([
        { field: 'to', message: `At most ${MAX_SUMMARY_DAYS} days.`, code: 'too_long' },
      ]);
    }
    return { from, to };
  }
  const from = mondayOf(query.week ?? todayIn(timeZone));
  return { from, to: addDays(from, 6) };
}

/**
 * The member and the team asked for, as conditions on `column`; their values are appended to
 * `params`, whose $1 is the organisation.
 */
function whoConditions(
  column: string,
  params: unknown[],
  onlyUser: string | null,
  teamId: string | undefined,
) {
  let sql = '';
  if (onlyUser) {
    params.push(onlyUser);
    sql += ` AND ${column} = $${params.length}`;
  }
  if (teamId) {
    params.push(teamId);
    sql += ` AND ${column} IN (SELECT tm.user_id FROM team_members tm
                WHERE tm.organisation_id = $1 AND tm.team_id = $${params.length})`;
  }
  return sql;
}

/**
 * GET /timesheets/summary: per member, seconds per day of the period (an entry counts on the
 * day its effective start falls, in the organisation's time zone; an open entry runs to now),
 * their total, how many entries and their open entry. Managers see every active member (or
 * those filtered); operatives only themselves.
 */
export async function summaryOf(
  ctx: OrganisationContext,
  query: TimesheetSummaryQuery,
): Promise<TimesheetSummary> {
  const { timeZone } = await brandingOf(ctx);
  const { from, to } = periodOf(query, timeZone);
  const dates = daysOf(from, to);
  const onlyUser = managesTime(ctx) ? (query.user_id ?? null) : ctx.user.id;

  const memberParams: unknown[] = [ctx.organisationId];
  const memberFilter = whoConditions('m.user_id', memberParams, onlyUser, query.team_id);
  const members = await ctx.db.query<{ user_id: string; user_name: string | null }>(
    `SELECT m.user_id, u.name AS user_name FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.deleted_at IS NULL AND NOT m.guest${memberFilter}
      ORDER BY lower(u.name), m.user_id`,
    memberParams,
  );

  const params: unknown[] = [ctx.organisationId, timeZone, from, to];
  let entryFilter = whoConditions('t.user_id', params, onlyUser, query.team_id);
  if (query.project_id) {
    params.push(query.project_id);
    entryFilter += ` AND t.project_id = $${params.length}`;
  }
  const totals = await ctx.db.query<{
    user_id: string;
    user_name: string | null;
    day: string;
    seconds: string;
    entries: string;
  }>(
    `SELECT t.user_id, (SELECT u.name FROM users u WHERE u.id = t.user_id) AS user_name,
            to_char((${EFFECTIVE_START} AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day,
            sum(${DURATION_SQL})::bigint AS seconds, count(*) AS entries
       FROM time_entries t
      WHERE t.organisation_id = $1
        AND ${EFFECTIVE_START} >= ($3::date::timestamp AT TIME ZONE $2)
        AND ${EFFECTIVE_START} < (($4::date + 1)::timestamp AT TIME ZONE $2)${entryFilter}
      GROUP BY t.user_id, day`,
    params,
  );
  const open = await ctx.db.query<{ id: string; user_id: string; started_at: Date }>(
    `SELECT t.id, t.user_id, ${EFFECTIVE_START} AS started_at FROM time_entries t
      WHERE t.organisation_id = $1 AND t.ended_at IS NULL${onlyUser ? ' AND t.user_id = $2' : ''}`,
    onlyUser ? [ctx.organisationId, onlyUser] : [ctx.organisationId],
  );
  const openOf = new Map(open.rows.map((row) => [row.user_id, row]));

  const byMember = new Map<string, TimesheetMemberSummary & { perDay: Map<string, number> }>();
  const memberOf = (userId: string, name: string | null) => {
    let member = byMember.get(userId);
    if (!member) {
      member = {
        user_id: userId,
        user_name: name,
        days: [],
        total_seconds: 0,
        total_formatted: '',
        entries_count: 0,
        open_entry: null,
        perDay: new Map(),
      };
      byMember.set(userId, member);
    }
    return member;
  };
  // a project filter lists only those who worked on it
  if (!query.project_id) for (const row of members.rows) memberOf(row.user_id, row.user_name);
  for (const row of totals.rows) {
    const member = memberOf(row.user_id, row.user_name);
    member.perDay.set(row.day, (member.perDay.get(row.day) ?? 0) + Number(row.seconds));
    member.entries_count += Number(row.entries);
  }
  let total = 0;
  const answered = [...byMember.values()].map(({ perDay, ...member }) => {
    const days = dates.map((date) => {
      const seconds = perDay.get(date) ?? 0;
      return { date, seconds, formatted: formatDuration(seconds) };
    });
    const seconds = days.reduce((sum, day) => sum + day.seconds, 0);
    total += seconds;
    const openEntry = openOf.get(member.user_id);
    return {
      ...member,
      days,
      total_seconds: seconds,
      total_formatted: formatDuration(seconds),
      open_entry: openEntry
        ? { id: openEntry.id, started_at: new Date(openEntry.started_at).toISOString() }
        : null,
    };
  });
  answered.sort((a, b) => (a.user_name ?? '').localeCompare(b.user_name ?? ''));
  return {
    from,
    to,
    time_zone: timeZone,
    dates,
    members: answered,
    total_seconds: total,
    total_formatted: formatDuration(total),
  };
}
