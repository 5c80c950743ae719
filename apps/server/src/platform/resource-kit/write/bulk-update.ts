import type { AuditAction } from '@fieldwork/contract';
import type { OrganisationContext } from '../../http/context';
import { audit, split, type AuditedRow, type WriteScope } from './scope';

/** Runs a set-based UPDATE over ids; answers which ids it touched and why the rest failed. */
export async function bulkUpdate(
  scope: WriteScope,
  ctx: OrganisationContext,
  ids: string[],
  assignment: string,
  action: AuditAction,
  condition = scope.live,
  extra: unknown[] = [],
) {
  const { table, key } = scope;
  const { rows } = await ctx.db.query<AuditedRow>(
    `WITH audit_before AS (SELECT b.id AS audit_id, to_jsonb(b) AS audit_before_image
                               FROM ${table} b WHERE b.organisation_id = $1 AND b.${key} = ANY($2::text[]))
       UPDATE ${table} SET ${assignment}, updated_at = now() FROM audit_before
        WHERE organisation_id = $1 AND id = audit_id${condition}
       RETURNING ${key} AS id, id AS row_id, audit_before_image`,
    [ctx.organisationId, ids, ...extra],
  );
  const done = new Set(rows.map((row) => row.id));
  await audit(scope, ctx, rows, action);
  return split(scope, ids, done);
}
