import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token for links and secrets (256 bits, URL-safe). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as this hash, so a database leak reveals no usable token. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
