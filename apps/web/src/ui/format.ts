const dateFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A timestamp of the API as a short date in the user's locale. */
export function formatDate(timestamp: string): string {
  return dateFormat.format(new Date(timestamp));
}
