import { describe, expect, it } from 'vitest';
import { seatsFromQuery } from './setup-subscription';

describe('seatsFromQuery', () => {
  it('reads the seats of the billing step from the query string', () => {
    expect(seatsFromQuery('12')).toBe(12);
    expect(seatsFromQuery(null)).toBeNull();
    expect(seatsFromQuery('1.5')).toBeNull();
    expect(seatsFromQuery('-3')).toBeNull();
    expect(seatsFromQuery('99999')).toBeNull();
  });
});
