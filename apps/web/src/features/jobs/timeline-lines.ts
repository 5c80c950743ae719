import type { JobStatus } from '@fieldwork/contract';
import { formatCalendarDate, formatDateTime } from '../../ui/format-time';
import { statusLabel } from './job-status';
const TITLE: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Changed',
  DELETE: 'Deleted',
  START: 'Started',
  COMPLETE: 'Completed',
  COMPLETE_WITHOUT_SHEETS: 'Completed without job sheets',
  CANCEL: 'Cancelled',
  REASSIGN: 'Reassigned',
  RECALL: 'Recalled',
  RESCHEDULE: 'Rescheduled',
  LOCK: 'Locked to a device',
  UNLOCK: 'Lock released',
};

/** "Rescheduled"; an action without a title of its own reads as its words ("SUBMIT_ALL" → "Submit all"). */
export function timelineTitle(action: string): string {
  const known = TITLE[action];
  if (known) return known;
  const words = action.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FIELD: Record<string, string> = {
  operative_id: 'Operative',
  date: 'Date',
  reference: 'Reference',
  instructions: 'Instructions',
  site_id: 'Site',
  contact_id: 'Contact',
  form_ids: 'Forms',
  attribute_values: 'Job attributes',
  status: 'Status',
  note: 'Note',
  forms_without_sheets: 'Forms without a submitted sheet',
};
/** Ids and internals that mean nothing to a reader of the timeline. */
const HIDDEN = new Set([
  'id',
  'ids',
  'organisation_id',
  'number',
  'project_id',
  'updated_at',
  'created_at',
]);

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ENUM = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{2,}$/;

/** Nothing raw reaches a reader: dates in their locale, statuses and other enums as words. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length && value.every((item) => typeof item === 'string' && !ENUM.test(item)))
      return value.join(', ');
    return value.length ? `${value.length} item${value.length === 1 ? '' : 's'}` : 'none';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (CALENDAR_DATE.test(value)) return formatCalendarDate(value);
    if (TIMESTAMP.test(value)) return formatDateTime(value);
    if (Object.hasOwn(JOB_STATUS_WORDS, value)) return JOB_STATUS_WORDS[value as JobStatus];
    if (ENUM.test(value)) return sentence(value);
    return value;
  }
  return 'changed';
}

const JOB_STATUS_WORDS: Record<JobStatus, string> = {
  AWAITING: statusLabel('AWAITING'),
  IN_PROGRESS: statusLabel('IN_PROGRESS'),
  COMPLETED: statusLabel('COMPLETED'),
  CANCELLED: statusLabel('CANCELLED'),
};

/** "WEB_IMPORT" → "Web import". */
const sentence = (value: string) => {
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What an entry changed, one "Field: value" line per field it names; `nameOf` turns an id into
 * what a reader knows (e.g. an operative's name).
 */
export function changeLines(
  changes: unknown,
  nameOf: (field: string, value: unknown) => string | undefined = () => undefined,
): string[] {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return [];
  return Object.entries(changes)
    .filter(([field]) => !HIDDEN.has(field))
    .map(
      ([field, value]) =>
        `${FIELD[field] ?? field.replaceAll('_', ' ')}: ${nameOf(field, value) ?? show(value)}`,
    );
}
