import type { OrganisationContext } from '../../platform/http/context';
import { publishLocationStatusChanges } from './locations.resource';

/**
 * The locations whose status a job sheet's form moved in this transaction (the database's
 * job_sheets_move_location_status trigger sets it, with updated_at = now(), the transaction's
 * start): for the sheets' submit, approve and reject and a new sheet. The status each had
 * before is not known here, so previous_status_id is null.
 */
export async function publishAutomatedStatusChanges(
  ctx: OrganisationContext,
  sheetIds: string[],
): Promise<void> {
  if (!sheetIds.length) return;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT DISTINCT l.id FROM job_sheets s
       JOIN locations l ON l.organisation_id = s.organisation_id AND l.id = s.location_id
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[]) AND s.location_status_id IS NOT NULL
        AND l.status_id = s.location_status_id AND l.updated_at = now()`,
    [ctx.organisationId, sheetIds],
  );
  await publishLocationStatusChanges(ctx, rows);
}
