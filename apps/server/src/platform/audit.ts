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
        performed_by_type, performed_by_user_id, performed_by_api_key_id, impersonated_by_user_id,
        request_id)
     SELECT ids.id, $1, $2, ids.document_id, $3, $4, $5, $6, $7, $8, $9
       FROM unnest($10::text[], $11::text[]) AS ids (id, document_id)`,
    [
      ctx.organisationId,
      collection,
      action,
      changes === null ? null : JSON.stringify(changes),
      ctx.actor.type,
      ctx.user.id,
      ctx.actor.apiKeyId,
      ctx.actor.impersonatorUserId,
      ctx.requestId,
      documentIds.map(() => newId()),
      documentIds,
    ],
  );
}
