import type { BulkFailure } from '@fieldwork/contract';
import type { OrganisationContext } from '../../http/context';
import type { Row } from '../declaration';
import { filesOf } from '../files';
import { audit, notFoundReason, type AuditedRow, type WriteScope } from './scope';

/**
 * Deletes (soft or hard) the live records of ids: the declared blockers refuse some unless
 * forced, a forced delete clears first; audited DELETE or FORCE_DELETE with each before-image.
 */
export async function remove(
  scope: WriteScope,
  ctx: OrganisationContext,
  requested: string[],
  force: boolean,
) {
  const { declaration, table, key, liveAsT } = scope;
  const ids = [...new Set(requested)];
  const { rows } = await ctx.db.query<AuditedRow>(
    `SELECT t.${key} AS id, t.id AS row_id, to_jsonb(t) AS audit_before_image FROM ${table} t
        WHERE t.organisation_id = $1 AND t.${key} = ANY($2::text[])${liveAsT}`,
    [ctx.organisationId, ids],
  );
  const existing = new Set(rows.map((row) => row.id));
  const failed: BulkFailure[] = ids
    .filter((id) => !existing.has(id))
    .map((id) => ({ id, ...notFoundReason(declaration.label) }));
  let deletable = ids.filter((id) => existing.has(id));
  if (force) {
    await declaration.rules?.beforeForceDelete?.(ctx, deletable);
  } else if (declaration.rules?.deleteBlockers && deletable.length) {
    const blockers = await declaration.rules.deleteBlockers(ctx, deletable);
    for (const [id, why] of blockers)
      failed.push(typeof why === 'string' ? { id, reason: why, code: 'in_use' } : { id, ...why });
    deletable = deletable.filter((id) => !blockers.has(id));
  }
  if (deletable.length) {
    await ctx.db.query(
      declaration.softDelete
        ? `UPDATE ${table} SET deleted_at = now(), updated_at = now() WHERE organisation_id = $1 AND ${key} = ANY($2::text[])`
        : `DELETE FROM ${table} WHERE organisation_id = $1 AND ${key} = ANY($2::text[])`,
      [ctx.organisationId, deletable],
    );
    const deleted = new Set(deletable);
    const before = rows
      .filter((row) => deleted.has(row.id))
      .map((row) => row.audit_before_image as Row);
    await declaration.rules?.afterDelete?.(ctx, deletable, before);
    const files = filesOf(declaration);
    if (files && !declaration.softDelete)
      files.removeLater(
        ctx,
        before.flatMap((row) => files.held(row)),
      );
    const action = force ? 'FORCE_DELETE' : 'DELETE';
    await audit(
      scope,
      ctx,
      rows.filter((row) => deleted.has(row.id)),
      action,
    );
  }
  return { deleted: deletable, failed };
}
