import type { Environment } from '@fieldwork/contract';
import { getAccessToken, renewRejectedToken } from './access-token';
import {
  clearLegacyAccessToken,
  clearSessionTokens,
  clearStoredSession,
  hasAccessToken,
  readImpersonatingFlag,
  readLegacyAccessToken,
  readSessionTokens,
  saveImpersonationTokens,
  saveLegacyAccessToken,
  saveSessionTokens,
} from '../../session/persisted-session';
import type { SessionTokens, StoreOptions } from '../../session/persisted-session';
import { forgetSignedInUser, session } from '../../session/session-state';
import type { AuthErrorHandler } from '../../session/session-state';
import { listenForRotations } from '../../session/token-sync';
import { forgetSessionExpired } from '../../session/expiry-notice';

/**
 * App start (spec/platform.md §4): a stored token or legacy access token connects the session.
 * Legacy tokens left beside tokens of the new sign-in are what a migration leaves for after its
 * reload: they are cleared now.
 */
export function startSession(environment: Environment, onAuthError: AuthErrorHandler): void {
  if (readSessionTokens() !== null && readLegacyAccessToken() !== null) clearLegacyAccessToken();
  listenForRotations();
  session.update({
    environment,
    tokenGetter: getAccessToken,
    authErrorHandler: onAuthError,
    tokenRenewer: renewRejectedToken,
    connected: hasAccessToken(),
    impersonating: readImpersonatingFlag(),
  });
}

/** After sign-in, sign-up or a ticket: keep the tokens (in localStorage too with remember-me). */
export function connectWithTokens(tokens: SessionTokens, options: StoreOptions): void {
  saveSessionTokens(tokens, options);
  forgetSessionExpired();
  session.update({ connected: true });
}

/** An access token on its own connects too (no refresh token to renew it). */
export function connectWithToken(accessToken: string, options: StoreOptions): void {
  connectWithTokens({ accessToken, refreshToken: null }, options);
}

/** After a legacy sign-in (/legacy-login): the legacy token is the bearer. */
export function connectWithLegacyToken(legacyAccessToken: string, options: StoreOptions): void {
  clearSessionTokens();
  saveLegacyAccessToken(legacyAccessToken, options);
  forgetSessionExpired();
  session.update({ connected: true });
}

/** /impersonate/{token}: tokens in sessionStorage only, and the impersonating flag. */
export function connectAsImpersonator(tokens: SessionTokens): void {
  saveImpersonationTokens(tokens);
  session.update({ connected: true, impersonating: true });
}

/** Sign-out and auth failures: the stored session is cleared and the signed-in state forgotten. */
export function endSession(): void {
  clearStoredSession();
  forgetSignedInUser();
}

/**
 * Stopping an impersonation ends this tab's session only; a session the support person keeps in
 * localStorage (remember-me) connects again. Answers whether one did.
 */
export function endImpersonation(): boolean {
  endSession();
  const connected = hasAccessToken();
  session.update({ connected });
  return connected;
}
