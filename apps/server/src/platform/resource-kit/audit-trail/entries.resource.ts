import { auditEntrySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { badRequest } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import {
  defineResource,
  type FieldDeclaration,
  type ResourceDeclaration,
  type Row,
} from '../declaration';
import { nameOfField } from '../fields';
import { auditedDeclaration, namingColumns } from './registry';
import { undoRefusals, type UndoableEntry } from './undo';

/**
 * The names of the records a page of entries names, as they are now: one statement per kind of
 * record whose table has a name (or reference) column.
 */
async function currentNames(ctx: OrganisationContext, entries: UndoableEntry[]) {
  const byDeclaration = new Map<ResourceDeclaration, string[]>();
  for (const entry of entries) {
    const declaration = auditedDeclaration(entry.collection_name);
    if (!declaration) continue;
    byDeclaration.set(declaration, [...(byDeclaration.get(declaration) ?? []), entry.document_id]);
  }
  const names = new Map<string, string>();
  for (const [declaration, ids] of byDeclaration) {
    const [column] = namingColumns(declaration);
    if (!column) continue;
    const { rows } = await ctx.db.query<{ id: string; name: string | null }>(
      `SELECT id, ${column}::text AS name FROM ${declaration.table}
        WHERE organisation_id = $1 AND id = ANY($2::text[])`,
      [ctx.organisationId, [...new Set(ids)]],
    );
    for (const row of rows) if (row.name) names.set(row.id, row.name);
  }
  return names;
}

/** What every reading of audit entries answers of one: what was changed, when, by whom. */
export const AUDIT_ENTRY_FIELDS: Record<string, FieldDeclaration> = {
  action: { type: 'text', filter: true },
  changes: { type: 'json' },
  performed_at: { type: 'timestamp', sort: true },
  performed_by_type: { type: 'text', filter: true },
  performed_by_user_id: { type: 'id', filter: true },
  performed_by_user_name: nameOfField('users', 'performed_by_user_id'),
  performed_by_api_key_id: { type: 'id', filter: true },
  performed_by_device_id: { type: 'text', filter: true },
};

/**
 * The organisation's audit trail (field-work §3 Audit entry), read from the table every write
 * appends to in its own transaction. Admins read the whole trail here; each entity's records
 * answer their own history (GET /{entity}/{id}/history) to whoever may read them. Each entry says
 * whether the caller may undo it, and why not.
 */
export const auditEntriesResource: ResourceDeclaration = defineResource({
  name: 'audit_entries',
  label: 'Audit entry',
  table: 'audit_entries',
  record: auditEntrySchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    collection_name: { type: 'text', filter: true, sort: true },
    document_id: { type: 'id', filter: true },
    // the name as it was, when the record is gone (finish names live records as they are now)
    document_name: {
      type: 'text',
      sql: `COALESCE(t.after_image->>'name', t.before_image->>'name', t.changes->'name'->>'to',
                     t.before_image->>'reference')`,
    },
    ...AUDIT_ENTRY_FIELDS,
    action: { type: 'text', filter: true, sort: true },
    undone_at: { type: 'timestamp', sort: true },
    undone_by_user_id: { type: 'id', filter: true },
    undone_by_user_name: nameOfField('users', 'undone_by_user_id'),
    undo_of_entry_id: { type: 'id', filter: true },
  },
  filters: {
    // filter[undone]=true|false: entries undone, or standing
    undone: {
      sql(values) {
        if (values.length !== 1 || !['true', 'false'].includes(values[0]!))
          throw badRequest('filter[undone] takes true or false.', 'bad_filter');
        return values[0] === 'true' ? 't.undone_at IS NOT NULL' : 't.undone_at IS NULL';
      },
    },
  },
  defaultSort: '-performed_at',
  verbs: ['list', 'get'],
  access: {
    read: 'ADMIN',
    write: 'ADMIN',
    note: 'the whole trail: admins; a record’s own history: whoever may read the record',
  },
  async finish(ctx, rows) {
    const reasons = await undoRefusals(ctx, rows as unknown as UndoableEntry[]);
    const names = await currentNames(ctx, rows as unknown as UndoableEntry[]);
    return rows.map((row): Row => {
      const reason = reasons.get(row.id) ?? null;
      const declaration = auditedDeclaration(row.collection_name as string);
      return {
        ...row,
        document_name: names.get(row.document_id as string) ?? row.document_name ?? null,
        document_label: declaration?.label ?? null,
        undo: { possible: reason === null, reason },
      };
    });
  },
});
