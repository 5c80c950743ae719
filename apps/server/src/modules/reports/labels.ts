import type { JobSheetStatus, MaterialInputTypeKey } from '@fieldwork/contract';

/** How a report writes values for people: labels for enums, dates in the organisation's zone. */

export const SHEET_STATUS_LABELS: Record<JobSheetStatus, string> = {
  IN_PROGRESS: 'In progress',
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const DECISION_LABELS: Record<string, string> = {
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const INPUT_TYPE_LABELS: Record<MaterialInputTypeKey, string> = {
  SQUARE_METRES: 'Square metres',
  QUANTITY_AND_DIAMETER: 'Quantity and diameter',
  LINEAR_METRES_AND_JOINT_SIZE: 'Linear metres and joint size',
  CUBIC_METRES: 'Cubic metres',
  QUANTITY: 'Quantity',
  LENGTH_AND_DIAMETER: 'Length and diameter',
  SQUARE_METRES_ALL_SIDES: 'Square metres (all sides)',
  SQUARE_METRES_FOUR_SIDES: 'Square metres (four sides)',
  LINEAR_METRES: 'Linear metres',
  AVERAGE_SIDE: 'Average side',
};

/** A material's measures, each with its unit, in the order people read them. */
export const MEASURES = [
  ['quantity', 'Quantity', ''],
  ['width_in_mm', 'Width', ' mm'],
  ['height_in_mm', 'Height', ' mm'],
  ['length_in_mm', 'Length', ' mm'],
  ['diameter_in_mm', 'Diameter', ' mm'],
  ['joint_size_in_mm', 'Joint size', ' mm'],
  ['linear_metres', 'Linear metres', ' m'],
  ['square_metres', 'Square metres', ' m²'],
  ['cubic_metres', 'Cubic metres', ' m³'],
] as const;

/** A word for an enum value nobody gave a label yet: IN_PROGRESS → In progress. */
export const humanise = (value: string) =>
  value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

export interface DateWriter {
  /** 29 Nov 2026, 14:05 */
  dateTime(value: string | Date | null | undefined): string;
  /** 29 Nov 2026 */
  date(value: string | Date | null | undefined): string;
}

/** Dates as people read them, in the organisation's time zone (a plain day stays that day). */
export function dateWriter(timeZone: string): DateWriter {
  const zone = safeZone(timeZone);
  const withTime = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  });
  const dayOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: zone });
  const plainDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    dateTime: (value) => (value ? withTime.format(new Date(value)) : ''),
    date(value) {
      if (!value) return '';
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
        return plainDay.format(new Date(`${value}T00:00:00Z`));
      return dayOnly.format(new Date(value));
    },
  };
}

export function safeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** A number as people read it: grouped, at most `precision` decimals. */
export const formatNumber = (value: number, precision: number | null = null) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: precision ?? 6 }).format(value);

/** A stored date answer as a moment: a calendar day at midnight UTC, else the stored instant. */
export const answerDate = (raw: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : new Date(raw);

/** The chosen options' names, in the stored order ("" when none is known). */
export const chosenNames = (ids: readonly string[] | null, options: Map<string, string> | null) =>
  (ids ?? [])
    .map((id) => options?.get(id) ?? '')
    .filter(Boolean)
    .join(', ');

/** A signature answer in words: "Signed by Ann on 2 Mar 2026, 09:30". */
export const signedText = (
  stored: { name?: string | null; timestamp?: string | null },
  dates: DateWriter,
) =>
  `Signed${stored.name ? ` by ${stored.name}` : ''}${stored.timestamp ? ` on ${dates.dateTime(stored.timestamp)}` : ''}`;

/** A table answer's size in words: "3 rows". */
export const rowsText = (count: number) => `${count} row${count === 1 ? '' : 's'}`;
