import type { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../api/api-config';
import { readRuntimeConfig } from '../config/runtime-config';
import { noteSessionExpired } from '../session/expiry-notice';
import { endSession, startSession } from './session/session-lifecycle';
import type { AuthErrorHandler } from '../session/session-state';
import { queryClient } from './query-client';

/**
 * A 401 from the core or organisation client that a refresh could not cure (see request.ts) ends
 * the session and drops cached server state; the session guard then sends the user to /signin,
 * remembering the page for after sign-in, where "Your session has expired" explains why.
 */
export function endSessionOnAuthError(client: QueryClient): AuthErrorHandler {
  return () => {
    endSession();
    noteSessionExpired();
    client.clear();
  };
}

/**
 * App start (spec/platform.md §4): read the runtime configuration, point the API clients at the
 * backend, and connect the session from a stored token.
 */
export function startApp(): void {
  const config = readRuntimeConfig();
  configureApi(config);
  startSession(config.environment, endSessionOnAuthError(queryClient));
}
