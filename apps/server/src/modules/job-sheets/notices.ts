import type { OrganisationContext } from '../../platform/http/context';
import { notify, type Notice } from '../../platform/notifications';

interface SheetLine {
  id: string;
  number: number;
  status: string;
  operative_id: string | null;
  form_name: string | null;
  job_number: number | null;
  stage_name: string | null;
  approver_ids: string[] | null;
  decision_comments: string | null;
  decided_by: string | null;
}

/**
 * The sheets with who may approve their current stage (the people it names; a stage naming no
 * one is approved by managers and admins, so they are told) and the latest standing decision
 * of their round.
 */
async function sheetLines(ctx: OrganisationContext, ids: string[]): Promise<SheetLine[]> {
  const { rows } = await ctx.db.query<SheetLine>(
    `SELECT s.id, s.number, s.status, s.operative_id, f.name AS form_name, j.number AS job_number,
            st.name AS stage_name,
            CASE WHEN cardinality(st.user_ids) > 0 THEN st.user_ids
                 ELSE (SELECT array_agg(m.user_id) FROM memberships m
                        WHERE m.organisation_id = s.organisation_id AND m.active
                          AND m.deleted_at IS NULL AND m.role IN ('MANAGER', 'ADMIN')) END
              AS approver_ids,
            d.comments AS decision_comments, d.user_name AS decided_by
       FROM job_sheets s
       LEFT JOIN forms f ON f.organisation_id = s.organisation_id AND f.id = s.form_id
       LEFT JOIN jobs j ON j.organisation_id = s.organisation_id AND j.id = s.job_id
       LEFT JOIN approval_stages st ON st.organisation_id = s.organisation_id
                                   AND st.id = s.current_approval_stage_id
       LEFT JOIN LATERAL (
         SELECT comments, user_name FROM job_sheet_approval_decisions dd
          WHERE dd.organisation_id = s.organisation_id AND dd.job_sheet_id = s.id
            AND dd.approval_batch = s.approval_batch AND dd.undone_at IS NULL
          ORDER BY dd.created_at DESC, dd.id DESC LIMIT 1) d ON true
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  return rows;
}

const sheetName = (sheet: SheetLine) =>
  `Job sheet ${sheet.number}${sheet.form_name ? ` (${sheet.form_name})` : ''}`;
const onJob = (sheet: SheetLine) => (sheet.job_number ? `Job ${sheet.job_number}` : null);
const path = (sheet: SheetLine) => `job_sheets/${encodeURIComponent(sheet.id)}`;

/** Submitted: the people who may approve its first stage are told it waits for them. */
export async function noticeSubmitted(ctx: OrganisationContext, ids: string[]): Promise<void> {
  const sheets = await sheetLines(ctx, ids);
  await notify(
    ctx,
    sheets
      .filter((sheet) => sheet.status === 'SUBMITTED' && sheet.approver_ids?.length)
      .map((sheet) => ({
        kind: 'job_sheet_submitted',
        userIds: sheet.approver_ids!,
        title: `${sheetName(sheet)} is submitted for your approval`,
        body: [onJob(sheet), sheet.stage_name && `Stage: ${sheet.stage_name}`]
          .filter(Boolean)
          .join(' · '),
        path: path(sheet),
      })),
  );
}

/**
 * A decision: approved at the last stage or rejected, its operative is told with the comment;
 * approved at an earlier stage, the next stage's approvers are told it waits for them.
 */
export async function noticeDecided(ctx: OrganisationContext, ids: string[]): Promise<void> {
  const sheets = await sheetLines(ctx, ids);
  const notices: Notice[] = [];
  for (const sheet of sheets) {
    const comment = sheet.decision_comments?.trim()
      ? `${sheet.decided_by ?? 'The approver'} wrote: “${sheet.decision_comments.trim()}”`
      : null;
    if (sheet.status === 'APPROVED' || sheet.status === 'REJECTED') {
      const approved = sheet.status === 'APPROVED';
      notices.push({
        kind: approved ? 'job_sheet_approved' : 'job_sheet_rejected',
        userIds: [sheet.operative_id],
        title: approved
          ? `${sheetName(sheet)} is approved`
          : `${sheetName(sheet)} is rejected: please fix it and submit it again`,
        body: comment ?? onJob(sheet),
        path: path(sheet),
      });
    } else if (sheet.status === 'SUBMITTED' && sheet.approver_ids?.length) {
      notices.push({
        kind: 'approval_stage_waiting',
        userIds: sheet.approver_ids,
        title: `${sheetName(sheet)} waits for your approval${sheet.stage_name ? ` at ${sheet.stage_name}` : ''}`,
        body: comment ?? onJob(sheet),
        path: path(sheet),
      });
    }
  }
  await notify(ctx, notices);
}
