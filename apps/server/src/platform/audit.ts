import type { AuditAction } from '@fieldwork/contract';
import type { OrganisationContext } from './http/context';
import { newId } from './ids';

/**
 * What records looked like before an update or delete, by document id: rows carrying their `id`
 * (as a writer read them), or a map when the entry's document id is not the row's (an
 * organisation's billing account, say). Stored as jsonb with each entry, for undo and history.
 */
export type BeforeImages = ReadonlyMap<string, unknown> | ReadonlyArray<{ id: string }>;

/** Appends one audit entry per document, in the request's transaction. */
export async function recordAudit(
  ctx: OrganisationContext,
  collection: string,
  documentIds: string[],
  action: AuditAction,
  changes: Record<string, unknown> | null = null,
  before?: BeforeImages,
): Promise<void> {
  const images: ReadonlyMap<string, unknown> =
    before instanceof Map ? before : byId(before as ReadonlyArray<{ id: string }>);
  await recordAuditEntries(
    ctx,
    collection,
    action,
    documentIds.map((documentId) => ({ documentId, changes, before: images.get(documentId) })),
  );
}

/** One document's entry: its own changes, and its images before and after (undefined: none). */
export interface AuditEntry {
  documentId: string;
  changes?: Record<string, unknown> | null;
  before?: unknown;
  after?: unknown;
}

/** Appends entries that differ per document (changes, before- and after-images), in one statement. */
export async function recordAuditEntries(
  ctx: OrganisationContext,
  collection: string,
  action: AuditAction,
  entries: AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const json = (value: unknown) =>
    value === undefined || value === null ? null : JSON.stringify(value);
  await ctx.db.query(
    `INSERT INTO audit_entries
       (id, organisation_id, collection_name, document_id, action, changes, before_image,
        after_image, performed_by_type, performed_by_user_id, performed_by_api_key_id,
        impersonated_by_user_id, request_id, performed_by_device_id)
     SELECT ids.id, $1, $2, ids.document_id, $3, ids.changes::jsonb, ids.before_image::jsonb,
            ids.after_image::jsonb, $4, $5, $6, $7, $8, $14
       FROM unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
            AS ids (id, document_id, changes, before_image, after_image)`,
    [
      ctx.organisationId,
      collection,
      action,
      performedByType(ctx),
      ctx.user.id,
      ctx.actor.apiKeyId,
      ctx.actor.impersonatorUserId,
      ctx.requestId,
      entries.map(() => newId()),
      entries.map((entry) => entry.documentId),
      entries.map((entry) => json(entry.changes)),
      entries.map((entry) => json(entry.before)),
      entries.map((entry) => json(entry.after)),
      ctx.deviceId ?? null,
    ],
  );
}

/**
 * Who acted: an API key; else a device (a signed-in user's phone or tablet naming itself with the
 * X-Device-Id header: the entry keeps the user too); else the user.
 */
const performedByType = (ctx: OrganisationContext) =>
  ctx.actor.type === 'USER' && ctx.deviceId ? 'DEVICE' : ctx.actor.type;

function byId(rows: ReadonlyArray<{ id: string }> = []): ReadonlyMap<string, unknown> {
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Reads records as they are now, to be passed to recordAudit as their before-images: call it
 * before the update or delete, in the same transaction. `table` is a constant of the caller's
 * (never input); organisations are keyed by their own id.
 */
export async function readBeforeImages(
  ctx: OrganisationContext,
  table: string,
  ids: string[],
  /** The column the ids (and the entries' document ids) name, when it is not `id`. */
  key = 'id',
): Promise<ReadonlyMap<string, unknown>> {
  if (ids.length === 0) return new Map();
  const scope = table === 'organisations' ? 'id' : 'organisation_id';
  const { rows } = await ctx.db.query<{ key: string; image: unknown }>(
    `SELECT t.${key} AS key, to_jsonb(t) AS image FROM ${table} t
      WHERE t.${scope} = $1 AND t.${key} = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  return new Map(rows.map((row) => [row.key, row.image]));
}
