import { TOKEN_STALE_AFTER_MS } from '@fieldwork/contract';
import { recordEvent } from '../../analytics/events';
import { request } from '../../api/request';
import {
  NO_ACCESS_TOKEN_MESSAGE,
  readLegacyAccessToken,
  readSessionTokens,
  replaceRefreshedTokens,
} from '../../session/persisted-session';
import type { SessionTokens } from '../../session/persisted-session';
import { session } from '../../session/session-state';
import { announceRotation, claimsOf, latestOf, oneTabAtATime } from '../../session/token-sync';

interface RefreshAnswer {
  accessToken?: unknown;
  refreshToken?: unknown;
  expiresIn?: unknown;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * The token getter of spec/platform.md §4 "Session token": the stored access token, refreshed
 * first when it is older than 60 seconds. Parallel callers share one refresh; a failed or empty
 * refresh answers the stale token and records a failure event. Without a token of the new sign-in
 * the legacy access token is the bearer; with neither, "No access token found".
 */
export async function getAccessToken(): Promise<string> {
  const tokens = readSessionTokens();
  if (!tokens) {
    const legacy = readLegacyAccessToken();
    if (legacy !== null) return legacy;
    throw new Error(NO_ACCESS_TOKEN_MESSAGE);
  }
  if (!tokens.refreshToken || !isStale(tokens.accessToken)) return tokens.accessToken;
  refreshInFlight ??= oneTabAtATime(refreshLatest).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Inside the cross-tab lock: another tab may have rotated the pair meanwhile (this tab then holds
 * the new one, or finds it in localStorage), in which case there may be nothing left to do.
 */
async function refreshLatest(): Promise<string> {
  const stored = readSessionTokens();
  if (!stored) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
  const tokens = latestOf(stored);
  if (!tokens.refreshToken || !isStale(tokens.accessToken)) return tokens.accessToken;
  return refresh(tokens);
}

/** Issued more than 60 s ago by the server's clock (the local clock corrected by the skew). */
export function isStale(accessToken: string, localNow: number = Date.now()): boolean {
  const issuedAtSeconds = issuedAt(accessToken);
  if (issuedAtSeconds === null) return false;
  const serverNow = localNow + session.get().approximateClockSkewMs;
  return serverNow - issuedAtSeconds * 1000 > TOKEN_STALE_AFTER_MS;
}

/** The `iat` claim (seconds) of a JWT, or null when the token is not one we can read. */
export function issuedAt(token: string): number | null {
  return claimsOf(token)?.iat ?? null;
}

async function refresh(tokens: SessionTokens): Promise<string> {
  return (await exchangeRefreshToken(tokens)) ?? tokens.accessToken;
}

/**
 * POST /auth/refresh with the pair's refresh token; keeps and announces the new pair. Answers the
 * new access token, or null (with a failure event) when the refresh failed or answered nothing.
 */
async function exchangeRefreshToken(tokens: SessionTokens): Promise<string | null> {
  try {
    const answer = await request<RefreshAnswer | undefined>({
      method: 'post',
      url: '/auth/refresh',
      client: 'public',
      body: { refreshToken: tokens.refreshToken },
    });
    const accessToken = answer?.accessToken;
    if (typeof accessToken !== 'string' || accessToken === '') {
      recordRefreshFailure('empty answer');
      return null;
    }
    const refreshToken =
      typeof answer?.refreshToken === 'string' && answer.refreshToken !== ''
        ? answer.refreshToken
        : tokens.refreshToken;
    replaceRefreshedTokens(tokens, { accessToken, refreshToken });
    if (tokens.refreshToken) announceRotation(tokens.refreshToken, { accessToken, refreshToken });
    return accessToken;
  } catch (error) {
    recordRefreshFailure(error instanceof Error ? error.message : String(error));
    return null;
  }
}

let renewalInFlight: Promise<string | null> | null = null;

/**
 * The token renewer (docs/decisions.md "An access token the API refuses"): the API answered 401
 * to `rejectedToken`, however fresh it looks. Answers a usable access token to retry with: one
 * another tab or call already obtained, else one from the refresh token. Null when there is no
 * refresh token or the refresh failed: the session is over. Parallel callers share one refresh.
 */
export function renewRejectedToken(rejectedToken: string): Promise<string | null> {
  renewalInFlight ??= oneTabAtATime(() => renewLatest(rejectedToken)).finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
}

async function renewLatest(rejectedToken: string): Promise<string | null> {
  const stored = readSessionTokens();
  if (!stored) return null;
  const tokens = latestOf(stored);
  if (tokens.accessToken !== rejectedToken) return tokens.accessToken;
  if (!tokens.refreshToken) return null;
  return exchangeRefreshToken(tokens);
}

function recordRefreshFailure(reason: string): void {
  recordEvent('Token Refresh Failed', { reason });
}
