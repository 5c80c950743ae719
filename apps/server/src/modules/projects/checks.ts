import type { FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';

/** Ids of `table` that are this organisation's, out of those asked for. */
export async function existingIds(ctx: OrganisationContext, table: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** 422 naming `field.<index>` for every id that is not one of the organisation's `table` rows. */
export async function checkIdsExist(
  ctx: OrganisationContext,
  table: string,
  ids: string[],
  field: string,
  label: string,
) {
  const found = await existingIds(ctx, table, ids);
  const errors: FieldError[] = ids.flatMap((id, index) =>
    found.has(id)
      ? []
      : [{ field: `${field}.${index}`, message: `${label} not found.`, code: 'not_found' }],
  );
  if (errors.length) throw validationFailure(errors);
}

export const checkRateSets = (ctx: OrganisationContext, ids: string[]) =>
  checkIdsExist(ctx, 'rate_sets', ids, 'default_rate_set_ids', 'Rate set');

/** Active, non-guest members only (owners, approvers). */
export async function checkActiveMember(ctx: OrganisationContext, userId: string, field: string) {
  await checkActiveMembers(ctx, [userId], field, false);
}

export async function checkActiveMembers(
  ctx: OrganisationContext,
  userIds: string[],
  field: string,
  indexed = true,
) {
  if (!userIds.length) return;
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `SELECT user_id FROM memberships
      WHERE organisation_id = $1 AND user_id = ANY($2::text[]) AND active AND NOT guest`,
    [ctx.organisationId, userIds],
  );
  const found = new Set(rows.map((row) => row.user_id));
  const errors: FieldError[] = userIds.flatMap((id, index) =>
    found.has(id)
      ? []
      : [
          {
            field: indexed ? `${field}.${index}` : field,
            message: 'Must be an active member of the organisation.',
            code: 'not_found',
          },
        ],
  );
  if (errors.length) throw validationFailure(errors);
}
