import type { JobSheetFieldValueInput } from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { reader, type ResourceRules, type Row } from '../../platform/resource-kit';
import { removeStoredFilesAfterCommit } from '../../platform/storage/remove-files.job';
import { jobsResource } from '../jobs';
import { managesAll } from './access';
import { applyValueInputs } from './apply-values';
import { createValueRows } from './create-values';
import { sheetLocation } from './location-checks';
import { statusOnCreate } from './location-status';
import { creationRefusal } from './guards';
import { nextSheetNumbers } from './numbering';
import { formSourceFor } from './sheet-fields';
import { publishCreated } from './events';

const invalid = (field: string, message: string, code = 'invalid'): never => {
  throw validationFailure([{ field, message, code }]);
};

/** The operative must be an active member, not a guest. */
async function checkOperative(ctx: OrganisationContext, operativeId: string) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM memberships WHERE organisation_id = $1 AND user_id = $2 AND active AND NOT guest`,
    [ctx.organisationId, operativeId],
  );
  if (!rows.length) invalid('operative_id', 'The operative must be an active member.', 'not_found');
}

/** Who fills the sheet in: an operative always themselves; a manager whom they name. */
async function operativeFor(
  ctx: OrganisationContext,
  requested: string | null | undefined,
  fallback: string | null,
) {
  if (!managesAll(ctx)) {
    if (requested && requested !== ctx.user.id)
      invalid('operative_id', 'An operative fills in their own job sheets.', 'not_permitted');
    return ctx.user.id;
  }
  const operativeId = requested ?? fallback ?? ctx.user.id;
  await checkOperative(ctx, operativeId);
  return operativeId;
}

/** A new sheet: from a job the caller sees and one of its forms, numbered, its operative set. */
async function prepareCreate(ctx: OrganisationContext, values: Record<string, unknown>) {
  const [job] = await reader(jobsResource).findMany(ctx, [String(values.job_id)]);
  if (!job) return invalid('job_id', 'Job not found.', 'not_found');
  if (job.status === 'CANCELLED')
    invalid('job_id', 'A cancelled job takes no new job sheets.', 'not_allowed_from_status');
  const formId = String(values.form_id);
  const source = (job.form_ids as string[]).includes(formId)
    ? await formSourceFor(ctx, String(job.project_id), formId)
    : null;
  if (!source) return invalid('form_id', 'Not a form of this job.', 'not_found');
  const refusal = await creationRefusal(ctx, String(job.project_id));
  if (refusal) invalid('job_id', refusal, 'job_sheets_prevented');
  const operativeId = await operativeFor(
    ctx,
    values.operative_id as string | null | undefined,
    (job.operative_id as string | null) ?? null,
  );
  return {
    job_id: job.id,
    form_id: formId,
    project_form_id: source.project_form_id,
    project_id: job.project_id,
    site_id: job.site_id,
    operative_id: operativeId,
    location_id: null,
    location_number: null,
    ...(await sheetLocation(ctx, String(job.project_id), values.location_id as string | null)),
    location_status_id: await statusOnCreate(ctx, String(job.project_id), formId),
    created_by_id: ctx.user.id,
    ...(await nextSheetNumbers(ctx, job.id)),
  };
}

/**
 * An edit (the policy's lock keeps a submitted, approved or cancelled sheet as it is): answers
 * saved through their fields.
 */
async function prepareUpdate(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row,
) {
  const { field_values: answers, operative_declaration_accepted: accepted, ...rest } = values;
  const next: Record<string, unknown> = { ...rest };
  if (values.location_id !== undefined || values.location_number !== undefined)
    Object.assign(
      next,
      { location_number: undefined },
      await sheetLocation(
        ctx,
        String(existing.project_id),
        (values.location_id === undefined ? existing.location_id : values.location_id) as
          string | null,
      ),
    );
  if (values.operative_id !== undefined)
    next.operative_id = await operativeFor(
      ctx,
      values.operative_id as string | null,
      existing.operative_id as string | null,
    );
  if (accepted !== undefined) next.operative_declaration_accepted_at = accepted ? new Date() : null;
  if (answers) {
    await applyValueInputs(ctx, sheetRef(existing), answers as JobSheetFieldValueInput[]);
    const changesColumns = Object.values(next).some((value) => value !== undefined);
    if (!changesColumns)
      await recordAudit(ctx, 'job_sheets', [existing.id], 'UPDATE', {
        field_values: (answers as JobSheetFieldValueInput[]).map((answer) => answer.form_field_id),
      });
  }
  return next;
}

export const sheetRef = (row: Row) => ({
  id: row.id,
  form_id: String(row.form_id),
  project_form_id: (row.project_form_id as string | null) ?? null,
});

export const jobSheetRules: ResourceRules<Record<string, unknown>> = {
  beforeWrite: (ctx, values, existing) =>
    existing ? prepareUpdate(ctx, values, existing) : prepareCreate(ctx, values),
  async afterInsert(ctx, created) {
    const { rows } = await ctx.db.query<Row & { operative_id: string | null }>(
      `SELECT id, form_id, project_form_id, operative_id FROM job_sheets
        WHERE organisation_id = $1 AND id = ANY($2::text[])`,
      [ctx.organisationId, created.map((item) => item.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id, input } of created) {
      const row = byId.get(id)!;
      await createValueRows(ctx, { ...sheetRef(row), operative_id: row.operative_id });
      const answers = (input.field_values ?? []) as JobSheetFieldValueInput[];
      await applyValueInputs(ctx, sheetRef(row), answers);
    }
    await publishCreated(
      ctx,
      created.map((item) => item.id),
    );
  },
  // Its photos' and signatures' files go on the queue once the delete commits.
  afterDelete: (ctx) => removeStoredFilesAfterCommit(ctx),
  // Work that was handed in stays unless forced: cancel it, or delete with force=true.
  async deleteBlockers(ctx, ids) {
    const { rows } = await ctx.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM job_sheets WHERE organisation_id = $1 AND id = ANY($2::text[])
          AND status IN ('SUBMITTED', 'APPROVED', 'REJECTED')`,
      [ctx.organisationId, ids],
    );
    return new Map(
      rows.map((row) => [row.id, `The job sheet is ${row.status}; delete it with force=true.`]),
    );
  },
};
