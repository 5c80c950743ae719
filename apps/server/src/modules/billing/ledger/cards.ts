import type { PaymentMethod } from '@fieldwork/contract';
import { passesLuhn } from '@fieldwork/contract';
import type { StoredPaymentMethod } from '../accounts';

/**
 * The local ledger takes test cards as Stripe's test mode does: any number passing Luhn pays,
 * except these (docs/billing.md). Only the brand and last four digits are ever kept.
 */
export const CARD_ALWAYS_FAILS = '4000000000000341';
export const CARD_DECLINED = '4000000000000002';

export function cardBrand(digits: string): PaymentMethod['brand'] {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export type CardCheck =
  | { ok: true; method: StoredPaymentMethod }
  | { ok: false; field: string; message: string; code: string };

export function checkCard(
  input: { card_number?: string; exp_month?: number; exp_year?: number },
  now: Date,
): CardCheck {
  const digits = input.card_number ?? '';
  if (!digits) return { ok: false, field: 'card_number', message: 'Required', code: 'required' };
  if (!passesLuhn(digits)) {
    return { ok: false, field: 'card_number', message: 'Not a valid card number', code: 'invalid' };
  }
  if (!input.exp_month)
    return { ok: false, field: 'exp_month', message: 'Required', code: 'required' };
  if (!input.exp_year)
    return { ok: false, field: 'exp_year', message: 'Required', code: 'required' };
  const expiresAfter = Date.UTC(input.exp_year, input.exp_month, 1); // first day after the month
  if (expiresAfter <= now.getTime()) {
    return { ok: false, field: 'exp_year', message: 'The card has expired', code: 'expired_card' };
  }
  if (digits === CARD_DECLINED) {
    return {
      ok: false,
      field: 'card_number',
      message: 'The card was declined',
      code: 'card_declined',
    };
  }
  return {
    ok: true,
    method: {
      type: 'card',
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      exp_month: input.exp_month,
      exp_year: input.exp_year,
      behaviour: digits === CARD_ALWAYS_FAILS ? 'fails' : 'pays',
    },
  };
}
