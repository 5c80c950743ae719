import type { AuditEntryRecord } from '@fieldwork/contract';
import { formatCalendarDate, formatDateTime } from '../../ui/format-time';

/** What each of the kit's actions did, as a person says it. */
const ACTION_WORDS: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Changed',
  DELETE: 'Deleted',
  FORCE_DELETE: 'Deleted for good',
  ARCHIVE: 'Archived',
  UNARCHIVE: 'Unarchived',
  RESTORE: 'Restored',
  DUPLICATE: 'Created as a copy',
  MOVE: 'Moved',
  REORDER: 'Reordered',
};

/** "CHANGE_ROLE" → "Change role"; "address_line_1" → "Address line 1". */
export function spoken(name: string): string {
  const words = name.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The entry's action as a past-tense phrase: "Changed", "Archived", "Change role". */
export const actionWords = (action: string) => ACTION_WORDS[action] ?? spoken(action);

/** "Client “Harbour Works”", or the kind alone when the record has no name. */
export function recordWords(
  entry: Pick<AuditEntryRecord, 'document_label' | 'document_name' | 'collection_name'>,
) {
  const kind = entry.document_label ?? spoken(entry.collection_name);
  return entry.document_name ? `${kind} “${entry.document_name}”` : kind;
}

/** Who made the change: their name, an API key, or someone no longer known. */
export function performerWords(entry: AuditEntryRecord): string {
  const who =
    entry.performed_by_user_name ??
    (entry.performed_by_type === 'API_KEY' ? 'An API key' : 'Someone no longer a member');
  return entry.performed_by_type === 'DEVICE' ? `${who} (on a device)` : who;
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const DATE = /^\d{4}-\d\d-\d\d$/;
const LONGEST = 60;

/** A changed value as it reads in a sentence: quoted text, a date, yes or no, "empty". */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString();
  if (typeof value === 'string') {
    if (DATE.test(value)) return formatCalendarDate(value);
    if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    const text = value.length > LONGEST ? `${value.slice(0, LONGEST - 1)}…` : value;
    return `“${text}”`;
  }
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  return 'a new value';
}

/** An update's fields, each "Name: “A” → “B”"; empty for other actions. */
export function changeLines(changes: unknown): string[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).flatMap(([field, change]) => {
    if (!change || typeof change !== 'object' || !('to' in change)) return [];
    const { from, to } = change as { from?: unknown; to?: unknown };
    const [before, after] = [valueWords(from), valueWords(to)];
    // a time the server keeps for itself (last activity) reads the same to the minute: left out
    return before === after ? [] : [`${spoken(field)}: ${before} → ${after}`];
  });
}
