import { describe, expect, it } from 'vitest';
import { minimumSeats, monthlyPrice, seatsProblem } from './seat-price';

const overview = {
  used: 3,
  seat_price: { interval: 'month' as const, unit_amount_decimal: '3600', currency: 'gbp' },
};

describe('seat prices', () => {
  it('starts at one seat per member in use, never below one', () => {
    expect(minimumSeats({ used: 3 })).toBe(3);
    expect(minimumSeats({ used: 0 })).toBe(1);
  });

  it('refuses too few, too many and fractional seats', () => {
    expect(seatsProblem(3, overview)).toBeNull();
    expect(seatsProblem(2, overview)).toBe('At least 3 seats: 3 seats in use');
    expect(seatsProblem(1001, overview)).toBe('At most 1000 seats');
    expect(seatsProblem(3.5, overview)).toBe('Choose a whole number of seats');
  });

  it('prices seats at 3600 a month each plus 20 % tax (platform §9)', () => {
    expect(monthlyPrice(5, overview)).toEqual({
      perSeat: 3600,
      subTotal: 18000,
      tax: 3600,
      total: 21600,
      currency: 'gbp',
    });
  });
});
