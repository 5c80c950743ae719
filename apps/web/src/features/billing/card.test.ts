import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  cardNumberError,
  describeCard,
  expiryError,
  formatCardNumber,
  parseExpiry,
} from './card';
import { formatMoney } from './money';

describe('card entry', () => {
  it('knows the brands from their leading digits', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
  });

  it('groups the digits as they are typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('checks the number with Luhn before anything is sent', () => {
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError('4000 0000 0000 0341')).toBeNull();
    expect(cardNumberError('4242 4242 4242 4241')).toBe('Not a valid card number');
    expect(cardNumberError('4242')).toBe('A card number has 12 to 19 digits');
    expect(cardNumberError('')).toBe('Required');
  });

  it('reads MM/YY and refuses a month that has passed', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('4 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    const now = new Date(2026, 2, 15);
    expect(expiryError('03/26', now)).toBeNull();
    expect(expiryError('02/26', now)).toBe('This card has expired');
    expect(expiryError('2026-03', now)).toBe('Use MM/YY');
    expect(expiryError(' ', now)).toBe('Required');
  });

  it('describes a stored card by brand, last four and expiry', () => {
    expect(
      describeCard({ type: 'card', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 }),
    ).toEqual({ label: 'Visa •••• 4242', expiry: '04/2031' });
  });

  it('writes minor units as money', () => {
    expect(formatMoney(12960, 'gbp')).toMatch(/£129\.60/);
  });
});
