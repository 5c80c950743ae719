import type { AuditAction, BulkFailure } from '@fieldwork/contract';
import { recordAudit } from '../../audit';
import type { OrganisationContext } from '../../http/context';
import type { ResourceDeclaration } from '../declaration';
import { keyColumn, quote } from '../sql';

export const notFoundReason = (label: string) => ({
  reason: `${label} not found.`,
  code: 'not_found',
});

/** What every write of one declared resource shares: built once per writer(). */
export interface WriteScope {
  declaration: ResourceDeclaration;
  table: string;
  /** The audit trail's collection. */
  collection: string;
  /** The quoted key column: a keyed resource's statements find rows by it. */
  key: string;
  /** ' AND deleted_at IS NULL' for a soft-deleted resource, else ''. */
  live: string;
  /** The same over the alias `t`. */
  liveAsT: string;
}

export function writeScope(declaration: ResourceDeclaration): WriteScope {
  return {
    declaration,
    table: declaration.table,
    collection: declaration.auditCollection ?? declaration.name,
    // A keyed resource's statements find rows by its key; audit entries name the row's own id.
    key: quote(keyColumn(declaration)),
    live: declaration.softDelete ? ' AND deleted_at IS NULL' : '',
    liveAsT: declaration.softDelete ? ' AND t.deleted_at IS NULL' : '',
  };
}

/** A written row: its record id (key), its own id and its image before the write. */
export interface AuditedRow {
  id: string;
  row_id: string;
  audit_before_image: unknown;
}

/** One entry per row written, naming the row's own id, with its image as it was. */
export const audit = (
  { collection }: WriteScope,
  ctx: OrganisationContext,
  rows: AuditedRow[],
  action: AuditAction,
  changes: Record<string, unknown> | null = null,
) =>
  recordAudit(
    ctx,
    collection,
    rows.map((row) => row.row_id),
    action,
    changes,
    new Map(rows.map((row) => [row.row_id, row.audit_before_image])),
  );

/** The ids done, in the order given, and a not-found failure for each of the rest. */
export function split({ declaration }: WriteScope, ids: string[], done: Set<string>) {
  const failed: BulkFailure[] = ids
    .filter((id) => !done.has(id))
    .map((id) => ({ id, ...notFoundReason(declaration.label) }));
  return { done: ids.filter((id) => done.has(id)), failed };
}
