import type { NotificationKind } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { notify } from '../../platform/notifications';
import type { Row } from '../../platform/resource-kit';

/** A calendar date (YYYY-MM-DD) as a person reads it: "Monday 30 November 2026". */
export function spokenDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

interface JobLine {
  id: string;
  number: number;
  reference: string | null;
  operative_id: string | null;
  date: string | null;
  project_name: string;
}

/**
 * Tells each job's operative that it was assigned to them or moved to another day (issue 22,
 * item 12), on the queue: the sentence names the job by number and reference, the detail its
 * project and day.
 */
export async function noticeJobs(
  ctx: OrganisationContext,
  ids: string[],
  kind: Extract<NotificationKind, 'job_assigned' | 'job_rescheduled'>,
): Promise<void> {
  if (!ids.length) return;
  const { rows } = await ctx.db.query<JobLine>(
    `SELECT j.id, j.number, j.reference, j.operative_id, to_char(j.date, 'YYYY-MM-DD') AS date,
            p.name AS project_name
       FROM jobs j JOIN projects p ON p.organisation_id = j.organisation_id AND p.id = j.project_id
      WHERE j.organisation_id = $1 AND j.id = ANY($2::text[]) AND j.operative_id IS NOT NULL`,
    [ctx.organisationId, ids],
  );
  await notify(
    ctx,
    rows.map((job) => {
      const name = `Job ${job.number}${job.reference ? ` (${job.reference})` : ''}`;
      const day = job.date ? spokenDate(job.date) : null;
      return {
        kind,
        userIds: [job.operative_id],
        title:
          kind === 'job_assigned'
            ? `${name} is assigned to you`
            : `${name} is moved to ${day ?? 'no set day'}`,
        body: [job.project_name, kind === 'job_assigned' ? day : null].filter(Boolean).join(' · '),
        path: `jobs/${encodeURIComponent(job.id)}`,
      };
    }),
  );
}

/** After a create: the jobs created with an operative. */
export const noticeCreatedJobs = (ctx: OrganisationContext, created: { id: string }[]) =>
  noticeJobs(
    ctx,
    created.map((row) => row.id),
    'job_assigned',
  );

/** After an update: a new operative is told of the job, the same operative of a new day. */
export async function noticeUpdatedJob(
  ctx: OrganisationContext,
  existing: Row,
  values: Record<string, unknown>,
): Promise<void> {
  const operativeChanged =
    'operative_id' in values &&
    values.operative_id &&
    values.operative_id !== existing.operative_id;
  if (operativeChanged) return noticeJobs(ctx, [String(existing.id)], 'job_assigned');
  const before = existing.date ? dateText(existing.date) : null;
  if ('date' in values && values.date && values.date !== before)
    return noticeJobs(ctx, [String(existing.id)], 'job_rescheduled');
}

const dateText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
