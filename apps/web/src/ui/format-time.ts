const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** A timestamp with its time of day, in the user's locale. */
export function formatDateTime(timestamp: string): string {
  return dateTimeFormat.format(new Date(timestamp));
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "in 3 days"; "just now" under a minute. */
export function formatRelative(timestamp: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(timestamp).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** Whole days from today (local calendar) to a YYYY-MM-DD date; negative when it has passed. */
export function daysUntil(date: string, now: Date = new Date()): number {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  const target = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((target - today) / (24 * 3600 * 1000));
}

/** A YYYY-MM-DD date (no time zone shift) in the user's locale. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** A timestamp's time of day (14:05), in the user's locale. */
export function formatTime(timestamp: string): string {
  return timeFormat.format(new Date(timestamp));
}
