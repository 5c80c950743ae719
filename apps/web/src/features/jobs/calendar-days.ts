/** Calendar days as YYYY-MM-DD strings, computed in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^\d{4}-\d\d-\d\d$/;

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string | null | undefined): value is string {
  return !!value && CALENDAR_DAY.test(value) && fromUtc(toUtc(value)) === value;
}

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** The Monday on or before the day. */
export function mondayOf(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Today in the user's own time zone. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mon 2 Mar" (board columns). */
export const formatDayShort = (day: string) => dayLabel.format(new Date(toUtc(day)));
/** "Monday 2 March 2026". */
export const formatDayLong = (day: string) => longLabel.format(new Date(toUtc(day)));
