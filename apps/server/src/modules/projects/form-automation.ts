import type { LocationStatusAutomation } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import type { OwnerColumn } from './configuration';

const KEYS = [
  'on_create_job_sheet',
  'on_submit_job_sheet',
  'on_approve_job_sheet',
  'on_reject_job_sheet',
] as const;

/** A partial automation change laid over what is stored; unset keys are null. */
export function normaliseAutomation(
  change: Partial<Record<string, string | null>>,
  stored: Partial<Record<string, string | null>> = {},
): LocationStatusAutomation {
  return Object.fromEntries(
    KEYS.map((key) => [key, change[key] !== undefined ? change[key] : (stored[key] ?? null)]),
  ) as LocationStatusAutomation;
}

/** Each status an automation names must be a status of the same project or template. */
export async function checkAutomation(
  ctx: OrganisationContext,
  owner: OwnerColumn,
  ownerId: string,
  automation: LocationStatusAutomation,
) {
  const named = KEYS.filter((key) => automation[key]);
  if (!named.length) return;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM location_statuses WHERE organisation_id = $1 AND ${owner} = $2 AND id = ANY($3::text[])`,
    [ctx.organisationId, ownerId, named.map((key) => automation[key])],
  );
  const found = new Set(rows.map((row) => row.id));
  const errors = named
    .filter((key) => !found.has(automation[key]!))
    .map((key) => ({
      field: `location_status_automation.${key}`,
      message: 'Must be a location status of this project.',
      code: 'not_found',
    }));
  if (errors.length) throw validationFailure(errors);
}
