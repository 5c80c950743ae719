/**
 * "Your session has expired": set when the API refused the session and the refresh token could
 * not renew it, shown on the sign-in page, forgotten when a session connects again. Kept in this
 * tab's sessionStorage so that a reload of the sign-in page still explains why the user is there;
 * a deliberate sign-out clears it with the rest of the stored session (the `fieldwork.` prefix).
 */
const SESSION_EXPIRED_KEY = 'fieldwork.sessionExpired';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired — please sign in again';

export function noteSessionExpired(): void {
  sessionStorage.setItem(SESSION_EXPIRED_KEY, 'true');
}

export function hasSessionExpired(): boolean {
  return sessionStorage.getItem(SESSION_EXPIRED_KEY) === 'true';
}

export function forgetSessionExpired(): void {
  sessionStorage.removeItem(SESSION_EXPIRED_KEY);
}
