import type { OrganisationContext } from '../../platform/http/context';
import type { JobSheetGuard } from '../job-sheets';

/**
 * The mandatory documents with prevent_job_sheets a member has not signed on a project, SQL
 * over the project `$2` and the member `$3`.
 */
const BLOCKING = `SELECT d.name FROM signed_documents d
    JOIN signed_document_members m ON m.organisation_id = d.organisation_id
     AND m.signed_document_id = d.id AND m.user_id = $3 AND m.completed_at IS NULL
   WHERE d.organisation_id = $1 AND d.project_id = $2 AND d.is_mandatory AND d.prevent_job_sheets
     AND d.published_at IS NOT NULL AND d.status = 'ACTIVE'
   ORDER BY d.name`;

const sentence = (names: string[]) =>
  `Sign ${names.length === 1 ? 'the mandatory document' : 'the mandatory documents'} ${names.join(', ')} first: it stops your job sheets on this project until you do.`;

/** Why the caller may not create job sheets on a project now, or null. */
export async function refuseJobSheetCreation(ctx: OrganisationContext, projectId: string) {
  const { rows } = await ctx.db.query<{ name: string }>(BLOCKING, [
    ctx.organisationId,
    projectId,
    ctx.user.id,
  ]);
  return rows.length ? sentence(rows.map((row) => row.name)) : null;
}

/**
 * The documents' job-sheet guard (registered in src/modules.ts): a member with an unsigned
 * mandatory document that prevents job sheets may neither create nor submit sheets on its
 * project until they sign.
 */
export const mandatoryDocumentsGuard: JobSheetGuard = {
  refuseCreation: (ctx, projectId) => refuseJobSheetCreation(ctx, projectId),
  async refuseSubmission(ctx, jobSheetIds) {
    const { rows } = await ctx.db.query<{ id: string; project_id: string }>(
      `SELECT id, project_id FROM job_sheets WHERE organisation_id = $1 AND id = ANY($2::text[])`,
      [ctx.organisationId, jobSheetIds],
    );
    const reasons = new Map<string, string>();
    const byProject = new Map<string, string | null>();
    for (const row of rows) {
      if (!byProject.has(row.project_id))
        byProject.set(row.project_id, await refuseJobSheetCreation(ctx, row.project_id));
      const reason = byProject.get(row.project_id);
      if (reason) reasons.set(row.id, reason);
    }
    return reasons;
  },
};
