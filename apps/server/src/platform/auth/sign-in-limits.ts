import type { Db } from '../db/engine';
import type { Queryable } from '../db/queryable';
import { tooManyRequests } from '../errors';
import type { PublicContext } from '../http/context';

/** The documented sign-in limits (docs/identity-and-people.md, "Sign-in limits"). */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  /** Failures of one account from one address: that pair is locked, the owner elsewhere is not. */
  maxFailuresPerAccountAndAddress: 10,
  /** Failures from one address over every account (credential stuffing). */
  maxFailuresPerAddress: 50,
  slowAfterFailures: 2,
  delayPerFailureMs: 250,
  maxDelayMs: 2000,
};

/**
 * Counts failed sign-ins per account and address together, per address, and per account. Only
 * the first two lock: knowing an e-mail is not enough to lock its owner out from their own
 * address. The per-account count only slows each further attempt down (up to 2 s).
 */
export interface SignInLimits {
  /** Throws 429 while this account from this address, or this address, is locked out. */
  assertAllowed(tx: Queryable, email: string, ip: string): Promise<void>;
  /** Waits the slow-down the e-mail has earned and records the failure. */
  recordFailure(ctx: PublicContext, email: string): Promise<void>;
  /** After a successful sign-in: the account's slow-down and this pair's count end. */
  clear(tx: Queryable, email: string, ip: string): Promise<void>;
}

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip}`;
const window = `${SIGN_IN_LIMITS.windowMinutes} minutes`;

async function count(tx: Queryable, key: string) {
  const { rows } = await tx.query<{ failures: number; oldest: Date | null }>(
    `SELECT count(*)::int AS failures, min(failed_at) AS oldest FROM sign_in_failures
      WHERE key = $1 AND failed_at > now() - $2::interval`,
    [key, window],
  );
  return rows[0] ?? { failures: 0, oldest: null };
}

export function createSignInLimits(db: Db, sleep = defaultSleep): SignInLimits {
  return {
    async assertAllowed(tx, email, ip) {
      const byPair = await count(tx, pairKey(email, ip));
      const byAddress = await count(tx, `ip:${ip}`);
      const locked =
        byPair.failures >= SIGN_IN_LIMITS.maxFailuresPerAccountAndAddress
          ? byPair
          : byAddress.failures >= SIGN_IN_LIMITS.maxFailuresPerAddress
            ? byAddress
            : null;
      if (!locked) return;
      const unlocksAt =
        new Date(locked.oldest ?? Date.now()).getTime() + SIGN_IN_LIMITS.windowMinutes * 60_000;
      throw tooManyRequests(
        'Too many failed sign-in attempts. Try again later or reset your password.',
        (unlocksAt - Date.now()) / 1000,
      );
    },
    async recordFailure(ctx, email) {
      const { failures } = await count(ctx.db, emailKey(email));
      const over = failures + 1 - SIGN_IN_LIMITS.slowAfterFailures;
      if (over > 0) {
        await sleep(Math.min(SIGN_IN_LIMITS.maxDelayMs, over * SIGN_IN_LIMITS.delayPerFailureMs));
      }
      // The failed request's transaction rolls back, so the failure is written after it ends.
      ctx.afterRequest(async () => {
        await db.transaction(async (own) => {
          await own.query(`DELETE FROM sign_in_failures WHERE failed_at < now() - $1::interval`, [
            window,
          ]);
          await own.query(`INSERT INTO sign_in_failures (key) VALUES ($1), ($2), ($3)`, [
            emailKey(email),
            pairKey(email, ctx.ip),
            `ip:${ctx.ip}`,
          ]);
        });
      });
    },
    async clear(tx, email, ip) {
      await tx.query(`DELETE FROM sign_in_failures WHERE key = ANY($1::text[])`, [
        [emailKey(email), pairKey(email, ip)],
      ]);
    },
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
