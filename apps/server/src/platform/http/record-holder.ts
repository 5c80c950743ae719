import { forbidden, validationFailure } from '../errors';
import type { OrganisationContext } from './context';

/**
 * The person a record is about (their time entry, their qualification): a caller who may write
 * only their own names themselves (403 `own_records_only` with `ownOnly`), one who may write
 * others' names a member of the organisation, not a guest (422 on `field`).
 */
export async function checkRecordHolder(
  ctx: OrganisationContext,
  userId: string,
  {
    mayNameOthers,
    ownOnly,
    field = 'user_id',
  }: { mayNameOthers: boolean; ownOnly: string; field?: string },
) {
  if (!mayNameOthers) {
    if (userId !== ctx.user.id) throw forbidden(ownOnly, 'own_records_only');
    return;
  }
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND deleted_at IS NULL AND NOT guest`,
    [ctx.organisationId, userId],
  );
  if (!rows.length) {
    throw validationFailure([
      { field, message: 'Must be a member of the organisation.', code: 'not_found' },
    ]);
  }
}
