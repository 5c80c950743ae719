import type { Environment } from '@fieldwork/contract';
import {
  clearStoredSession,
  hasAccessToken,
  readAccessToken,
  saveAccessToken,
} from './persisted-session';
import { forgetSignedInUser, session } from './session-state';
import type { AuthErrorHandler } from './session-state';

/** App start (spec/platform.md §4): a stored token connects the session. */
export function startSession(environment: Environment, onAuthError: AuthErrorHandler): void {
  session.update({
    environment,
    tokenGetter: readAccessToken,
    authErrorHandler: onAuthError,
    connected: hasAccessToken(),
  });
}

/** After sign-in or sign-up: keep the token (in localStorage too with remember-me) and connect. */
export function connectWithToken(accessToken: string, options: { rememberMe: boolean }): void {
  saveAccessToken(accessToken, options);
  session.update({ connected: true });
}

/** Sign-out and auth failures: both storages are cleared and the signed-in state forgotten. */
export function endSession(): void {
  clearStoredSession();
  forgetSignedInUser();
}
