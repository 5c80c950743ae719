import {
  adoptRotatedTokens,
  readRememberedTokens,
  useTokensInThisTab,
  type SessionTokens,
} from './persisted-session';

/**
 * Keeps the tabs of one browser on one refresh token. The server rotates the refresh token on
 * every refresh and ends the session when a retired one comes back, so a tab must never refresh
 * with a token another tab has already replaced:
 * - refreshes are taken one tab at a time (Web Locks, where the browser has them);
 * - a tab that rotated tells the others (BroadcastChannel), which take the new pair;
 * - before refreshing, a tab takes a newer pair of the same session from localStorage
 *   (remember-me), which covers tabs that were asleep when the message went out.
 * Two tabs that still send the same token at once get the same answer (the server's grace).
 */
const CHANNEL = 'fieldwork.session';
const LOCK = 'fieldwork.refresh';

interface RotationMessage {
  type: 'rotated';
  previous: string;
  accessToken: string;
  refreshToken: string;
}

let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** Starts taking rotations announced by other tabs (once per tab). */
export function listenForRotations(): void {
  const open = openChannel();
  if (!open || open.onmessage) return;
  open.onmessage = (event: MessageEvent<Partial<RotationMessage>>) => {
    const { type, previous, accessToken, refreshToken } = event.data;
    if (type !== 'rotated' || !previous || !accessToken || !refreshToken) return;
    adoptRotatedTokens(previous, { accessToken, refreshToken });
  };
}

/** Tells the other tabs that `previous` is retired in favour of `next`. */
export function announceRotation(previous: string, next: SessionTokens): void {
  if (!next.refreshToken || next.refreshToken === previous) return;
  const message: RotationMessage = {
    type: 'rotated',
    previous,
    accessToken: next.accessToken,
    refreshToken: next.refreshToken,
  };
  openChannel()?.postMessage(message);
}

/** Runs a refresh while no other tab of this browser runs one. */
export async function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(LOCK, work);
}

/**
 * This tab's pair, or a newer pair of the same session that another tab kept in localStorage
 * (which then becomes this tab's too).
 */
export function latestOf(tokens: SessionTokens): SessionTokens {
  const remembered = readRememberedTokens();
  if (!remembered?.refreshToken || remembered.refreshToken === tokens.refreshToken) return tokens;
  const mine = claimsOf(tokens.accessToken);
  const theirs = claimsOf(remembered.accessToken);
  if (!mine?.sid || mine.sid !== theirs?.sid || (theirs.iat ?? 0) < (mine.iat ?? 0)) return tokens;
  useTokensInThisTab(remembered);
  return remembered;
}

/** The `sid` and `iat` claims of a JWT, or null when the token is not one we can read. */
export function claimsOf(token: string): { sid?: string; iat?: number } | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims = JSON.parse(atob(padded)) as { sid?: unknown; iat?: unknown };
    return {
      ...(typeof claims.sid === 'string' ? { sid: claims.sid } : {}),
      ...(typeof claims.iat === 'number' ? { iat: claims.iat } : {}),
    };
  } catch {
    return null;
  }
}
