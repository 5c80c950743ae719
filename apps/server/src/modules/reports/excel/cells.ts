/** Text a spreadsheet would run as a formula (OWASP CSV injection) gets a leading quote. */
export function neutralise<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const parts = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the organisation's wall clock reads it, for a spreadsheet cell (which has no time
 * zone): 14:05 in London is written as 14:05.
 */
export function wallClock(value: string | Date | null, timeZone: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  let format = parts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(timeZone, format);
  }
  const found = format.formatToParts(date);
  const get = (type: string) => Number(found.find((part) => part.type === type)?.value ?? 0);
  return new Date(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}
