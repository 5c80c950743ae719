import { randomBytes } from 'node:crypto';

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
