import type { OrganisationContext } from './http/context';
import { newId } from './ids';

/** Appends one audit entry per document, in the request's transaction. */
export async function recordAudit(
  ctx: OrganisationContext,
  collection: string,
  documentIds: string[],
  action: string,
  changes: Record<string, unknown> | null = null,
): Promise<void> {
  if (documentIds.length === 0) return;
  await ctx.db.query(
    `INSERT INTO audit_entries
       (id, organisation_id, collection_name, document_id, action, changes,
        performed_by_type, performed_by_user_id, request_id)
     SELECT ids.id, $1, $2, ids.document_id, $3, $4, 'USER', $5, $6
       FROM unnest($7::text[], $8::text[]) AS ids (id, document_id)`,
    [
      ctx.organisationId,
      collection,
      action,
      changes === null ? null : JSON.stringify(changes),
      ctx.user.id,
      ctx.requestId,
      documentIds.map(() => newId()),
      documentIds,
    ],
  );
}
