/** ?seats=N of the billing step, or null when missing or not a whole number. */
export function seatsFromQuery(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}
