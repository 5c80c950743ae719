import type { OrganisationContext } from '../../../platform/http/context';
import { parseListQuery } from '../../../platform/list-query/parse';
import { reader } from '../../../platform/resource-kit';
import { jobsResource } from '../../jobs';
import { jobSheetsResource } from '../job-sheets.resource';
import {
  DIGEST_ITEMS,
  type DigestFacts,
  type DigestItem,
  type DigestSection,
} from './digest-content';

/** The organisation's calendar: its time zone (UTC when unset or unknown), today and its name. */
export interface OrganisationDay {
  name: string;
  slug: string;
  zone: string;
  today: string;
}

export async function organisationDay(ctx: OrganisationContext): Promise<OrganisationDay> {
  const { rows } = await ctx.db.query<OrganisationDay>(
    `SELECT o.name, o.slug, z.zone, to_char(now() AT TIME ZONE z.zone, 'YYYY-MM-DD') AS today
       FROM organisations o
       CROSS JOIN LATERAL (
         SELECT coalesce((SELECT tz.name FROM pg_timezone_names tz
                           WHERE tz.name = nullif(o.options->>'timezone', '') LIMIT 1), 'UTC') AS zone
       ) z
      WHERE o.id = $1`,
    [ctx.organisationId],
  );
  if (!rows[0]) throw new Error('The organisation is gone');
  return rows[0];
}

/** Ids matching a list query of the kit, in its order, as the caller sees them. */
const matching = (
  ctx: OrganisationContext,
  resource: typeof jobSheetsResource,
  query: Record<string, string>,
) => reader(resource).matchingIds(ctx, parseListQuery(new URLSearchParams(query)));

/** Sheets named as a person reads them: "Job sheet 7 (Door inspection), job 12", in `ids` order. */
async function sheetItems(ctx: OrganisationContext, ids: string[]): Promise<DigestItem[]> {
  const { rows } = await ctx.db.query<{ id: string; label: string }>(
    `SELECT s.id, 'Job sheet ' || s.number || coalesce(' (' || f.name || ')', '')
              || coalesce(', job ' || j.number, '') AS label
       FROM job_sheets s
       LEFT JOIN forms f ON f.organisation_id = s.organisation_id AND f.id = s.form_id
       LEFT JOIN jobs j ON j.organisation_id = s.organisation_id AND j.id = s.job_id
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  const labels = new Map(rows.map((row) => [row.id, row.label]));
  return ids.map((id) => ({ label: labels.get(id) ?? 'Job sheet', path: `job_sheets/${id}` }));
}

async function jobItems(ctx: OrganisationContext, ids: string[]): Promise<DigestItem[]> {
  const { rows } = await ctx.db.query<{ id: string; label: string }>(
    `SELECT j.id, 'Job ' || j.number || coalesce(' (' || nullif(j.reference, '') || ')', '')
              || coalesce(', ' || p.name, '') AS label
       FROM jobs j
       LEFT JOIN projects p ON p.organisation_id = j.organisation_id AND p.id = j.project_id
      WHERE j.organisation_id = $1 AND j.id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  const labels = new Map(rows.map((row) => [row.id, row.label]));
  return ids.map((id) => ({ label: labels.get(id) ?? 'Job', path: `jobs/${id}` }));
}

const section = async (
  ids: string[],
  items: (ids: string[]) => Promise<DigestItem[]>,
): Promise<DigestSection> => ({
  count: ids.length,
  items: ids.length ? await items(ids.slice(0, DIGEST_ITEMS)) : [],
});

/**
 * Sheets whose `column` (approved_at, rejected_at) falls on the day, newest first, as the caller
 * sees them (the kit's visibility decides, as for every list).
 */
async function decidedOn(
  ctx: OrganisationContext,
  column: 'approved_at' | 'rejected_at',
  range: { from: string; to: string },
): Promise<string[]> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM job_sheets
      WHERE organisation_id = $1 AND ${column} >= $2::timestamptz AND ${column} < $3::timestamptz
      ORDER BY ${column} DESC, id`,
    [ctx.organisationId, range.from, range.to],
  );
  const ids = rows.map((row) => row.id);
  const visible = new Set(await reader(jobSheetsResource).visibleIds(ctx, ids));
  return ids.filter((id) => visible.has(id));
}

/**
 * What the caller's digest of `day` says, read as the caller: sheets submitted, approved and
 * rejected that day (the organisation's calendar), sheets waiting now at a stage they may
 * approve, and jobs due today not yet completed or cancelled.
 */
export async function digestFacts(
  ctx: OrganisationContext,
  day: string,
  calendar: Pick<OrganisationDay, 'zone' | 'today'>,
): Promise<DigestFacts> {
  const { rows } = await ctx.db.query<{ from: string; to: string }>(
    `SELECT to_char(($1::date)::timestamp AT TIME ZONE $2, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "from",
            to_char(($1::date + 1)::timestamp AT TIME ZONE $2, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "to"`,
    [day, calendar.zone],
  );
  const range = rows[0]!;
  const submitted = await matching(ctx, jobSheetsResource, {
    'filter[submitted_from]': range.from,
    'filter[submitted_to]': range.to,
    sort: 'submitted_at',
  });
  const awaiting = await matching(ctx, jobSheetsResource, {
    'filter[awaiting_my_approval]': 'true',
    sort: 'submitted_at',
  });
  const approved = await decidedOn(ctx, 'approved_at', range);
  const rejected = await decidedOn(ctx, 'rejected_at', range);
  const jobsDue = await reader(jobsResource).matchingIds(
    ctx,
    parseListQuery(
      new URLSearchParams({
        'filter[date]': calendar.today,
        'filter[status]': 'AWAITING,IN_PROGRESS',
        sort: 'number',
      }),
    ),
  );
  return {
    submitted: await section(submitted, (ids) => sheetItems(ctx, ids)),
    awaiting: await section(awaiting, (ids) => sheetItems(ctx, ids)),
    approved: await section(approved, (ids) => sheetItems(ctx, ids)),
    rejected: await section(rejected, (ids) => sheetItems(ctx, ids)),
    jobsDue: await section(jobsDue, (ids) => jobItems(ctx, ids)),
  };
}
