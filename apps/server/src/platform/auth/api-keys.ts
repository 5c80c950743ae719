import { hashToken, newToken } from './tokens';

/** API key secrets start with this, so a bearer is recognisable as one without a lookup. */
export const API_KEY_PREFIX = 'fwk_';

export const isApiKeySecret = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

/** A new key's secret (shown once) and its displayable prefix ({key}). */
export function newApiKeySecret(id: string): { secret: string; key: string; secretHash: string } {
  const key = `${API_KEY_PREFIX}${id.slice(-8)}`;
  const secret = `${key}_${newToken()}`;
  return { secret, key, secretHash: hashToken(secret) };
}
