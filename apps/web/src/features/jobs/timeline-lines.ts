const TITLE: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Changed',
  DELETE: 'Deleted',
  START: 'Started',
  COMPLETE: 'Completed',
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

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value))
    return value.length ? `${value.length} item${value.length === 1 ? '' : 's'}` : 'none';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return 'changed';
}

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
