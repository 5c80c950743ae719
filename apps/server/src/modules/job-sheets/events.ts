import type { WebhookEventType } from '@fieldwork/contract';
import { publishEvent, type EventDocument } from '../../platform/events';
import type { OrganisationContext } from '../../platform/http/context';
import { isoTimestampSql } from '../../platform/resource-kit';
import { publishAutomatedStatusChanges } from '../locations';

const at = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTimestampSql(column)} END`;

/**
 * A job sheet's key fields, as GET /job_sheets/{id} names them (its answers are not sent: a
 * receiver reads the whole sheet with the API when it needs them).
 */
async function sheetDocuments(
  ctx: OrganisationContext,
  ids: string[],
  status: string,
): Promise<EventDocument[]> {
  const { rows } = await ctx.db.query<EventDocument>(
    `SELECT s.id, s.number, s.status, s.job_id, j.number AS job_number, s.project_id, s.site_id,
            s.operative_id, s.form_id, f.name AS form_name, s.location_id, s.location_status_id,
            s.approval_required, s.current_approval_stage_id, s.approval_batch,
            ${at('s.submitted_at')} AS submitted_at, ${at('s.approved_at')} AS approved_at,
            ${at('s.rejected_at')} AS rejected_at, ${at('s.created_at')} AS created_at,
            ${at('s.updated_at')} AS updated_at,
            (SELECT json_build_object('comments', d.comments, 'user_name', d.user_name)
               FROM job_sheet_approval_decisions d
              WHERE d.organisation_id = s.organisation_id AND d.job_sheet_id = s.id
                AND d.approval_batch = s.approval_batch AND d.undone_at IS NULL
              ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS latest_decision
       FROM job_sheets s
       JOIN jobs j ON j.organisation_id = s.organisation_id AND j.id = s.job_id
       LEFT JOIN forms f ON f.organisation_id = s.organisation_id AND f.id = s.form_id
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[]) AND s.status = $3
      ORDER BY s.number`,
    [ctx.organisationId, ids, status],
  );
  return rows;
}

const publishSheets = (
  ctx: OrganisationContext,
  type: WebhookEventType,
  ids: string[],
  status: string,
) => publishEvent(ctx, type, () => sheetDocuments(ctx, ids, status));

/** After submit (one, many, or a job's submit_all): `job_sheet.submitted`, and moved locations. */
export async function publishSubmitted(ctx: OrganisationContext, ids: string[]): Promise<void> {
  await publishSheets(ctx, 'job_sheet.submitted', ids, 'SUBMITTED');
  await publishAutomatedStatusChanges(ctx, ids);
}

/**
 * After approve or reject (one or many): `job_sheet.approved` once a sheet is APPROVED, i.e. at
 * its last approval stage (an earlier stage's approval leaves it SUBMITTED, waiting at the next:
 * no event); `job_sheet.rejected` at whichever stage rejects it. And the locations their forms
 * moved.
 */
export async function publishDecided(ctx: OrganisationContext, ids: string[]): Promise<void> {
  await publishSheets(ctx, 'job_sheet.approved', ids, 'APPROVED');
  await publishSheets(ctx, 'job_sheet.rejected', ids, 'REJECTED');
  await publishAutomatedStatusChanges(ctx, ids);
}

/** After sheets are created: the locations their forms moved on create. */
export const publishCreated = (ctx: OrganisationContext, ids: string[]) =>
  publishAutomatedStatusChanges(ctx, ids);
