import { conflict, notFound } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import type { ResourceDeclaration, Verb } from '../declaration';
import { policyOf } from '../policy';
import { reader } from '../repository';
import { keySql, Params } from '../sql';
import { writer } from '../writer';
import { auditedDeclaration } from './registry';

/** The columns of an audit entry that undo reads. */
export interface UndoableEntry {
  id: string;
  collection_name: string;
  document_id: string;
  action: string;
  changes: unknown;
  undone_at: unknown;
  undo_of_entry_id: string | null;
}

/**
 * How each action is undone: the verb the entity must serve, the policy action the caller must be
 * allowed, and whether the record must be live (or deleted, for a soft delete) when it is undone.
 */
const INVERSES: Record<
  string,
  { verb: Verb; word: string; policy: string; needs: 'live' | 'deleted' }
> = {
  UPDATE: { verb: 'update', word: 'change', policy: 'update', needs: 'live' },
  ARCHIVE: { verb: 'archive', word: 'unarchive', policy: 'archive', needs: 'live' },
  UNARCHIVE: { verb: 'archive', word: 'archive', policy: 'archive', needs: 'live' },
  DELETE: { verb: 'restore', word: 'restore', policy: 'restore', needs: 'deleted' },
  RESTORE: { verb: 'delete', word: 'delete', policy: 'delete', needs: 'live' },
  CREATE: { verb: 'delete', word: 'delete', policy: 'delete', needs: 'live' },
  DUPLICATE: { verb: 'delete', word: 'delete', policy: 'delete', needs: 'live' },
};

const spoken = (action: string) => action.toLowerCase().replace(/_/g, ' ');

/** What a soft delete's undo needs: the entity must be soft-deleted, or the record is gone. */
function inverseOf(declaration: ResourceDeclaration, action: string) {
  const inverse = INVERSES[action];
  if (!inverse) return undefined;
  if (action === 'DELETE' && !declaration.softDelete) return undefined;
  if (!declaration.verbs.includes(inverse.verb)) return undefined;
  return inverse;
}

/** An UPDATE's changed fields as an update body from the before-image, or why it cannot be. */
function earlierValues(
  declaration: ResourceDeclaration,
  changes: unknown,
  before: Record<string, unknown> | null,
): { input: Record<string, unknown> } | { refusal: string } {
  if (!changes || typeof changes !== 'object' || !before)
    return { refusal: 'This change did not record what it changed, so it cannot be undone.' };
  const editable = declaration.update.shape as Record<string, unknown>;
  // Columns the entity's rules derive (a last-activity time, a name from the address) are not
  // set back: the rules derive them again from the fields that are.
  const columns = Object.keys(changes).filter((column) => column in editable && column in before);
  if (!columns.length)
    return { refusal: 'This change cannot be undone: none of what it changed can be set back.' };
  return {
    input: Object.fromEntries(columns.map((column) => [column, asInput(before[column])])),
  };
}

/** A before-image's timestamp (PostgreSQL's "…+00:00") as the API's ISO form; others as they are. */
function asInput(value: unknown): unknown {
  if (
    typeof value === 'string' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/.test(value)
  )
    return new Date(value).toISOString();
  return value;
}

/**
 * Whether each entry may be undone by the caller now: null, or the reason it may not, in words a
 * person reads. A few statements for a page of entries: the later changes to the same records,
 * then per entity the records' state and the caller's permission.
 */
export async function undoRefusals(
  ctx: OrganisationContext,
  entries: UndoableEntry[],
): Promise<Map<string, string | null>> {
  return (await assess(ctx, entries)).reasons;
}

/** undoRefusals' reasons, and the record key of each entry that may be undone. */
async function assess(ctx: OrganisationContext, entries: UndoableEntry[]) {
  const reasons = new Map<string, string | null>();
  const keys = new Map<string, string>();
  const candidates: UndoableEntry[] = [];
  for (const entry of entries) {
    const declaration = auditedDeclaration(entry.collection_name);
    if (entry.undone_at) reasons.set(entry.id, 'This change has already been undone.');
    else if (entry.undo_of_entry_id)
      reasons.set(entry.id, 'This change was itself an undo: make the change again instead.');
    else if (!declaration || !inverseOf(declaration, entry.action))
      reasons.set(
        entry.id,
        `A ${spoken(entry.action)} cannot be undone from the audit trail${
          declaration ? '' : ' for this kind of record'
        }.`,
      );
    else candidates.push(entry);
  }
  if (!candidates.length) return { reasons, keys };
  const later = await supersededEntries(ctx, candidates);
  const byDeclaration = new Map<ResourceDeclaration, UndoableEntry[]>();
  for (const entry of candidates) {
    if (later.has(entry.id)) {
      reasons.set(entry.id, 'It was changed again afterwards: undo the later change first.');
      continue;
    }
    const declaration = auditedDeclaration(entry.collection_name)!;
    byDeclaration.set(declaration, [...(byDeclaration.get(declaration) ?? []), entry]);
  }
  for (const [declaration, group] of byDeclaration) {
    const records = await recordStates(ctx, declaration, group);
    const policy = policyOf(declaration);
    for (const entry of group) {
      const inverse = inverseOf(declaration, entry.action)!;
      const record = records.get(entry.document_id);
      const label = declaration.label.toLowerCase();
      if (!record || (inverse.needs === 'live' && record.deleted)) {
        reasons.set(entry.id, `The ${label} no longer exists.`);
        continue;
      }
      if (inverse.needs === 'deleted' && !record.deleted) {
        reasons.set(entry.id, `The ${label} is no longer deleted.`);
        continue;
      }
      const { failed } = await policy.permitted(ctx, inverse.policy, [record.key]);
      reasons.set(
        entry.id,
        failed[0] ? `You may not ${inverse.word} this ${label}: ${failed[0].reason}` : null,
      );
      if (!failed[0]) keys.set(entry.id, record.key);
    }
  }
  return { reasons, keys };
}

/** Entries with a later change to the same record that still stands (not undone, not an undo). */
async function supersededEntries(ctx: OrganisationContext, entries: UndoableEntry[]) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT a.id FROM audit_entries a
      WHERE a.organisation_id = $1 AND a.id = ANY($2::text[])
        AND EXISTS (SELECT 1 FROM audit_entries l
                     WHERE l.organisation_id = a.organisation_id
                       AND l.collection_name = a.collection_name
                       AND l.document_id = a.document_id
                       AND l.undone_at IS NULL AND l.undo_of_entry_id IS NULL
                       AND (l.performed_at, l.id) > (a.performed_at, a.id))`,
    [ctx.organisationId, entries.map((entry) => entry.id)],
  );
  return new Set(rows.map((row) => row.id));
}

/** The records the entries name (by their rows' own ids): their key and whether deleted. */
async function recordStates(
  ctx: OrganisationContext,
  declaration: ResourceDeclaration,
  entries: UndoableEntry[],
) {
  const params = new Params();
  const { rows } = await ctx.db.query<{ row_id: string; key: string; deleted: boolean }>(
    `SELECT t.id AS row_id, ${keySql(declaration)} AS key,
            ${declaration.softDelete ? 't.deleted_at IS NOT NULL' : 'false'} AS deleted
       FROM ${declaration.table} t
      WHERE t.organisation_id = ${params.add(ctx.organisationId)}
        AND t.id = ANY(${params.add(entries.map((entry) => entry.document_id))}::text[])`,
    params.values,
  );
  return new Map(rows.map((row) => [row.row_id, row]));
}

/**
 * Undoes one audit entry (POST /audit_entries/{id}/undo): through the entity's own writer, so
 * its rules, references and audit run as for any change; the entry is marked undone and the
 * entries the undo wrote name it. Refused (409) with the reason when it is not safe.
 */
export async function undoEntry(ctx: OrganisationContext, entryId: string): Promise<void> {
  const { rows } = await ctx.db.query<UndoableEntry & { before_image: Record<string, unknown> }>(
    `SELECT id, collection_name, document_id, action, changes, before_image, undone_at,
            undo_of_entry_id
       FROM audit_entries WHERE organisation_id = $1 AND id = $2 FOR UPDATE`,
    [ctx.organisationId, entryId],
  );
  const entry = rows[0];
  if (!entry) throw notFound('Audit entry');
  const { reasons, keys } = await assess(ctx, [entry]);
  const refusal = reasons.get(entry.id);
  if (refusal) throw conflict(refusal, 'cannot_undo');
  const declaration = auditedDeclaration(entry.collection_name)!;
  const write = writer(declaration);
  const done = await applyInverse(ctx, declaration, entry, keys.get(entry.id)!, write);
  if (done !== true) throw conflict(done, 'cannot_undo');
  await ctx.db.query(
    `UPDATE audit_entries SET undone_at = now(), undone_by_user_id = $3, updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, entry.id, ctx.user.id],
  );
  await ctx.db.query(
    `UPDATE audit_entries SET undo_of_entry_id = $2
      WHERE organisation_id = $1 AND request_id = $3 AND id <> $2 AND undo_of_entry_id IS NULL
        AND undone_at IS NULL AND performed_at = now()`,
    [ctx.organisationId, entry.id, ctx.requestId],
  );
}

/** Takes the inverse of the entry's action: true, or why the entity's rules refused it. */
async function applyInverse(
  ctx: OrganisationContext,
  declaration: ResourceDeclaration,
  entry: UndoableEntry & { before_image: Record<string, unknown> | null },
  key: string,
  write: ReturnType<typeof writer>,
): Promise<true | string> {
  switch (entry.action) {
    case 'UPDATE': {
      const values = earlierValues(declaration, entry.changes, entry.before_image);
      if ('refusal' in values) return values.refusal;
      const parsed = declaration.update.safeParse(values.input);
      if (!parsed.success)
        return `The earlier values are no longer accepted: ${parsed.error.issues
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; ')}`;
      const [existing] = await reader(declaration).findMany(ctx, [key]);
      if (!existing) return `The ${declaration.label.toLowerCase()} no longer exists.`;
      await write.update(ctx, existing, parsed.data);
      return true;
    }
    case 'ARCHIVE':
      return outcome(await write.unarchive(ctx, [key]));
    case 'UNARCHIVE':
      return outcome(await write.archive(ctx, [key]));
    case 'DELETE':
      return outcome(await write.restore(ctx, [key]));
    default:
      return outcome(await write.remove(ctx, [key], false));
  }
}

const outcome = ({ failed }: { failed: Array<{ reason: string }> }): true | string =>
  failed[0]?.reason ?? true;
