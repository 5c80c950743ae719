import { auditEntrySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { defineResource, type ResourceDeclaration, type Row } from '../declaration';
import { nameOfField } from '../fields';
import { undoRefusals, type UndoableEntry } from './undo';

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
    action: { type: 'text', filter: true, sort: true },
    changes: { type: 'json' },
    performed_at: { type: 'timestamp', sort: true },
    performed_by_type: { type: 'text', filter: true },
    performed_by_user_id: { type: 'id', filter: true },
    performed_by_user_name: nameOfField('users', 'performed_by_user_id'),
    performed_by_api_key_id: { type: 'id', filter: true },
    performed_by_device_id: { type: 'text', filter: true },
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
    return rows.map((row): Row => {
      const reason = reasons.get(row.id) ?? null;
      return { ...row, undo: { possible: reason === null, reason } };
    });
  },
});
