import type { OrganisationContext } from '../../platform/http/context';
import { addGuardRefusals } from './guards';

const photos = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);

/** "sheet 12", "sheets 12 and 15", "sheets 3, 9 and 21" (as the web app's duplicate panel says). */
function sheetsNamed(numbers: number[]): string {
  if (numbers.length === 0) return 'another sheet';
  const words = numbers.map(String);
  const listed =
    words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
  return `sheet${words.length === 1 ? '' : 's'} ${listed}`;
}

/**
 * Checks that may refuse an approval beyond status, stage and role, run over every sheet an
 * approve or approve_many call is about to approve, in the request's transaction: sheet id →
 * the reason it may not be approved now (answered as a 422, or per item in approve_many).
 *
 * Photos: an approver approves what they could see, so a sheet waits while any of its photos is
 * still PROCESSING, and is refused while one FAILED (reject it so the operative replaces it).
 *
 * Duplicate photos: on a project with duplicate_photo_detection_prevent_approvals, a sheet whose
 * photos were found again on other sheets (job_sheet_photo_duplicates, filled by detect duplicate
 * photos and after each photo is processed) is not approved while those duplicates stand.
 *
 * Then the guards later areas register (guards.ts).
 */
export async function approvalBlockers(
  ctx: OrganisationContext,
  jobSheetIds: string[],
): Promise<Map<string, string>> {
  if (jobSheetIds.length === 0) return new Map();
  const reasons = await unreadyPhotos(ctx, jobSheetIds);
  for (const [id, reason] of await duplicatePhotos(ctx, jobSheetIds))
    reasons.set(id, [reasons.get(id), reason].filter(Boolean).join(' '));
  return addGuardRefusals(ctx, 'refuseApproval', jobSheetIds, reasons);
}

async function unreadyPhotos(ctx: OrganisationContext, jobSheetIds: string[]) {
  const { rows } = await ctx.db.query<{ id: string; processing: number; failed: number }>(
    `SELECT job_sheet_id AS id, count(*) FILTER (WHERE status = 'PROCESSING')::int AS processing,
            count(*) FILTER (WHERE status = 'FAILED')::int AS failed
       FROM job_sheet_photos
      WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[])
        AND status IN ('PROCESSING', 'FAILED')
      GROUP BY job_sheet_id`,
    [ctx.organisationId, jobSheetIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      [
        row.processing
          ? `${photos(row.processing)} of this job sheet ${row.processing === 1 ? 'is' : 'are'} still being processed; approve it once ${row.processing === 1 ? 'it is' : 'they are'} ready.`
          : '',
        row.failed
          ? `${photos(row.failed)} of this job sheet could not be read; reject it so the operative can replace ${row.failed === 1 ? 'it' : 'them'}.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    ]),
  );
}

async function duplicatePhotos(ctx: OrganisationContext, jobSheetIds: string[]) {
  const { rows } = await ctx.db.query<{ id: string; photos: number; sheets: number[] }>(
    `SELECT s.id, count(DISTINCT d.photo_id)::int AS photos,
            array_agg(DISTINCT o.number ORDER BY o.number) AS sheets
       FROM job_sheets s
       JOIN projects p ON p.organisation_id = s.organisation_id AND p.id = s.project_id
       JOIN job_sheet_photo_duplicates d
         ON d.organisation_id = s.organisation_id AND d.job_sheet_id = s.id
       LEFT JOIN job_sheets o
         ON o.organisation_id = d.organisation_id AND o.id = d.duplicate_job_sheet_id
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[])
        AND p.duplicate_photo_detection_prevent_approvals
      GROUP BY s.id`,
    [ctx.organisationId, jobSheetIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      `${photos(row.photos)} of this job sheet ${row.photos === 1 ? 'is' : 'are'} also on ${sheetsNamed(
        row.sheets.filter((number) => number !== null),
      )}; the project does not approve sheets with duplicate photos.`,
    ]),
  );
}
