import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes in hex. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** How a secret is shown after the answer that created it: its prefix and last four characters. */
export const maskSecret = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** The hex HMAC-SHA256 of "<t>.<body>" with the secret. */
export const signPayload = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The Fieldwork-Signature header: `t=<unix seconds>,v1=<signature>`. */
export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;

/**
 * What a receiver does (docs/webhooks.md): checks the header's signature over the raw body, and
 * that its time is within the tolerance (so an old delivery replayed is refused).
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  const given = Buffer.from(String(parts.v1), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
