import type { FieldError } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';

/**
 * Who may be given work (a job, a daily job plan): an active member of the organisation, not a
 * guest. Answers the 422 entry naming `operative_id`, or null when the operative may.
 */
export async function operativeError(
  ctx: OrganisationContext,
  operativeId: string,
): Promise<FieldError | null> {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND active AND NOT guest`,
    [ctx.organisationId, operativeId],
  );
  if (rows.length) return null;
  return {
    field: 'operative_id',
    message: 'The operative must be an active member.',
    code: 'not_found',
  };
}
