import { passesLuhn } from '@fieldwork/contract';
import type { PaymentMethod } from '@fieldwork/contract';

/**
 * Card entry for the local ledger's payment method (docs/billing.md): the number is checked with
 * Luhn here, before it is sent; the server keeps only brand, last 4 and expiry.
 */

export type CardBrand = PaymentMethod['brand'];

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The brand from the number's leading digits (IIN ranges of the four brands the ledger knows). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export const BRAND_LABEL: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** Groups of four as typed ("4242 4242 4242 4242"); American Express as 4-6-5. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A message for a card number that cannot be right, or null. */
export function cardNumberError(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'Required';
  if (digits.length < 12 || digits.length > 19) return 'A card number has 12 to 19 digits';
  if (!passesLuhn(digits)) return 'Not a valid card number';
  return null;
}

export interface Expiry {
  month: number;
  year: number;
}

/** "MM/YY" (or "MM/YYYY") → month and four-digit year; null when unreadable. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A message for an expiry that is unreadable or already past at `now`, or null. */
export function expiryError(value: string, now: Date = new Date()): string | null {
  if (value.trim() === '') return 'Required';
  const expiry = parseExpiry(value);
  if (!expiry) return 'Use MM/YY';
  const endOfMonth = new Date(expiry.year, expiry.month, 1);
  if (endOfMonth.getTime() <= now.getTime()) return 'This card has expired';
  return null;
}

/** "Visa •••• 4242", and its expiry "04/2030". */
export function describeCard(method: PaymentMethod): { label: string; expiry: string } {
  return {
    label: `${BRAND_LABEL[method.brand]} •••• ${method.last4}`,
    expiry: `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`,
  };
}
