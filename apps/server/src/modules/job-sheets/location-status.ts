import type { OrganisationContext } from '../../platform/http/context';

export type AutomationMoment =
  'on_create_job_sheet' | 'on_submit_job_sheet' | 'on_approve_job_sheet' | 'on_reject_job_sheet';

/**
 * SQL over a job sheet row `t`: the location status its form (the project's copy) sets at this
 * moment of the sheet's life, else the one it already has. Locations do not exist yet, so the
 * status is recorded on the sheet (location_status_id); the locations issue applies it to
 * t.location_id in the same statement's transaction.
 */
export const automatedStatusSql = (moment: AutomationMoment) =>
  `coalesce((SELECT nullif(pf.location_status_automation->>'${moment}', '')
     FROM project_forms pf WHERE pf.organisation_id = t.organisation_id
      AND pf.project_id = t.project_id AND pf.form_id = t.form_id), t.location_status_id)`;

/** The status a new sheet's form sets on create, or null. */
export async function statusOnCreate(
  ctx: OrganisationContext,
  projectId: string,
  formId: string,
): Promise<string | null> {
  const { rows } = await ctx.db.query<{ status_id: string | null }>(
    `SELECT nullif(location_status_automation->>'on_create_job_sheet', '') AS status_id FROM project_forms
      WHERE organisation_id = $1 AND project_id = $2 AND form_id = $3`,
    [ctx.organisationId, projectId, formId],
  );
  return rows[0]?.status_id ?? null;
}

/** A status chosen on update-and-submit must be one of the sheet's project's statuses. */
export async function isProjectStatus(
  ctx: OrganisationContext,
  projectId: string,
  statusId: string,
): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM location_statuses WHERE organisation_id = $1 AND project_id = $2 AND id = $3`,
    [ctx.organisationId, projectId, statusId],
  );
  return rows.length > 0;
}
