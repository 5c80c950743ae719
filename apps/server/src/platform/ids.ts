import { randomBytes } from 'node:crypto';
import { ID_PATTERN } from '@fieldwork/contract';

/**
 * 24-character lowercase hex ids: 4 bytes of seconds since the epoch, then 8 random bytes.
 * Time-ordered, so new rows land at the right edge of the primary-key index.
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const isId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value);
