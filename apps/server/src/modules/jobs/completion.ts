import type { OrganisationContext } from '../../platform/http/context';
import { recordAuditEntries } from '../../platform/audit';
import type { ActionRefusal, Row } from '../../platform/resource-kit';
import { readSettings } from '../organisation-setup';

/** Sheets that count as the form's record of the job: handed in (waiting or decided). */
const HANDED_IN = `s.status IN ('SUBMITTED', 'APPROVED')`;

/**
 * Per job, the names of its forms without a submitted (or approved) job sheet, in name order.
 * Jobs with every form covered are absent.
 */
export async function formsWithoutSheets(
  ctx: OrganisationContext,
  jobIds: string[],
): Promise<Map<string, string[]>> {
  if (jobIds.length === 0) return new Map();
  const { rows } = await ctx.db.query<{ job_id: string; missing: string[] }>(
    `SELECT j.id AS job_id, array_agg(coalesce(pf.name, f.name) ORDER BY coalesce(pf.name, f.name)) AS missing
       FROM jobs j
       CROSS JOIN LATERAL unnest(j.form_ids) AS wanted (form_id)
       LEFT JOIN project_forms pf ON pf.organisation_id = j.organisation_id
            AND pf.project_id = j.project_id AND pf.form_id = wanted.form_id
       LEFT JOIN forms f ON f.organisation_id = j.organisation_id AND f.id = wanted.form_id
      WHERE j.organisation_id = $1 AND j.id = ANY($2)
        AND NOT EXISTS (SELECT 1 FROM job_sheets s
              WHERE s.organisation_id = j.organisation_id AND s.job_id = j.id
                AND s.form_id = wanted.form_id AND ${HANDED_IN})
      GROUP BY j.id`,
    [ctx.organisationId, jobIds],
  );
  return new Map(rows.map((row) => [row.job_id, row.missing]));
}

const missingWords = (names: string[]) =>
  `No submitted job sheet for ${names.map((name) => `"${name}"`).join(', ')}`;

/**
 * The completion rule of the organisation's setting `complete_job_without_sheets`
 * (docs/jobs.md): REFUSE answers each such job 422 naming what is missing;
 * ALLOW_WITH_NOTE lets it through, and `noteCompletions` records what was missing.
 */
export async function completionRefusals(
  ctx: OrganisationContext,
  rows: Row[],
): Promise<Map<string, string | ActionRefusal>> {
  const settings = await readSettings(ctx.db, ctx.organisationId);
  if (settings.complete_job_without_sheets !== 'REFUSE') return new Map();
  const missing = await formsWithoutSheets(
    ctx,
    rows.map((row) => String(row.id)),
  );
  return new Map(
    [...missing].map(([id, names]) => [
      id,
      { reason: `${missingWords(names)}.`, field: 'job_sheets' },
    ]),
  );
}

/** After completing: an audit entry per job completed while forms had no submitted sheet. */
export async function noteCompletions(ctx: OrganisationContext, ids: string[]): Promise<void> {
  const missing = await formsWithoutSheets(ctx, ids);
  await recordAuditEntries(
    ctx,
    'jobs',
    'COMPLETE_WITHOUT_SHEETS',
    [...missing].map(([documentId, names]) => ({
      documentId,
      changes: { note: `${missingWords(names)}.`, forms_without_sheets: names },
    })),
  );
}
