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

/**
 * Default rate sets: each must be the organisation's, and at most one per rate group, since a
 * material is priced by one rate set of each group (422 naming the later one of a pair).
 */
export async function checkRateSets(ctx: OrganisationContext, ids: string[]) {
  if (!ids.length) return;
  const { rows } = await ctx.db.query<{ id: string; group_id: string | null; group: string }>(
    `SELECT r.id, r.material_rate_group_id AS group_id, coalesce(g.name, '') AS group
       FROM rate_sets r
       LEFT JOIN material_rate_groups g
              ON g.organisation_id = r.organisation_id AND g.id = r.material_rate_group_id
      WHERE r.organisation_id = $1 AND r.id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  const groupsSeen = new Map<string, string>();
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    const field = `default_rate_set_ids.${index}`;
    const rateSet = found.get(id);
    if (!rateSet) {
      errors.push({ field, message: 'Rate set not found.', code: 'not_found' });
      return;
    }
    if (!rateSet.group_id) return;
    const earlier = groupsSeen.get(rateSet.group_id);
    if (earlier !== undefined && earlier !== id)
      errors.push({
        field,
        message: `Another default rate set is in the rate group ${rateSet.group}: one default per rate group.`,
        code: 'one_per_rate_group',
      });
    else groupsSeen.set(rateSet.group_id, id);
  });
  if (errors.length) throw validationFailure(errors);
}

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
