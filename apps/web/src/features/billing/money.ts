const formats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units (pence) of `currency` ("gbp") as the user's locale writes it. */
export function formatMoney(minorUnits: number, currency = 'gbp'): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: code });
    formats.set(code, format);
  }
  return format.format(minorUnits / 100);
}

/** Stripe's unit_amount_decimal ("3600") in minor units. */
export function unitAmount(unitAmountDecimal: string): number {
  const amount = Number(unitAmountDecimal);
  return Number.isFinite(amount) ? amount : 0;
}

/** "1 seat", "3 seats". */
export const seatCount = (count: number) => `${count} seat${count === 1 ? '' : 's'}`;
