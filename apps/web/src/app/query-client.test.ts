import { describe, expect, it } from 'vitest';
import { ApiError, ConflictError } from '../api/errors';
import { isTransientFailure } from './query-client';

describe('isTransientFailure', () => {
  it('retries network failures and server errors only', () => {
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientFailure(new ApiError(503, null, 'down'))).toBe(true);
    expect(isTransientFailure(new ConflictError(409, null, 'conflict'))).toBe(false);
    expect(isTransientFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isTransientFailure(new Error('unexpected body'))).toBe(false);
  });
});
