/**
 * What the session keeps in the browser's storages (spec/platform.md §3 "Session"):
 * the access token in sessionStorage, and in localStorage as well when remember-me was chosen;
 * the redirect-after-sign-in URL, the new-subscription-flow flag and the remembered organisation
 * in localStorage.
 */
const KEY_PREFIX = 'fieldwork.';
const ACCESS_TOKEN_KEY = `${KEY_PREFIX}accessToken`;
const REDIRECT_AFTER_SIGN_IN_KEY = `${KEY_PREFIX}redirectAfterSignIn`;
const NEW_SUBSCRIPTION_FLOW_KEY = `${KEY_PREFIX}newSubscriptionFlow`;
const REMEMBERED_ORGANISATION_KEY = `${KEY_PREFIX}organisationId`;

export const NO_ACCESS_TOKEN_MESSAGE = 'No access token found';

export function saveAccessToken(token: string, { rememberMe }: { rememberMe: boolean }): void {
  sessionStorage.setItem(ACCESS_TOKEN_KEY, token);
  if (rememberMe) localStorage.setItem(ACCESS_TOKEN_KEY, token);
  else localStorage.removeItem(ACCESS_TOKEN_KEY);
}

export function hasAccessToken(): boolean {
  return findAccessToken() !== null;
}

/** Reads the token from sessionStorage, falling back to localStorage. */
export function readAccessToken(): string {
  const token = findAccessToken();
  if (token === null) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
  return token;
}

function findAccessToken(): string | null {
  return sessionStorage.getItem(ACCESS_TOKEN_KEY) || localStorage.getItem(ACCESS_TOKEN_KEY) || null;
}

/** Removes everything the product stored, from both storages. */
export function clearStoredSession(): void {
  for (const storage of [sessionStorage, localStorage]) {
    const ownKeys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(KEY_PREFIX) ?? false,
    );
    for (const key of ownKeys) storage.removeItem(key);
  }
}

export function saveRedirectAfterSignIn(url: string): void {
  localStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, url);
}

/** Returns the stored redirect URL once, and forgets it. */
export function takeRedirectAfterSignIn(): string | null {
  const url = localStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY);
  localStorage.removeItem(REDIRECT_AFTER_SIGN_IN_KEY);
  return url;
}

export function isNewSubscriptionFlow(): boolean {
  return localStorage.getItem(NEW_SUBSCRIPTION_FLOW_KEY) === 'true';
}

export function setNewSubscriptionFlow(enabled: boolean): void {
  localStorage.setItem(NEW_SUBSCRIPTION_FLOW_KEY, String(enabled));
}

export function readRememberedOrganisationId(): string | null {
  return localStorage.getItem(REMEMBERED_ORGANISATION_KEY);
}

export function rememberOrganisationId(organisationId: string | null): void {
  if (organisationId === null) localStorage.removeItem(REMEMBERED_ORGANISATION_KEY);
  else localStorage.setItem(REMEMBERED_ORGANISATION_KEY, organisationId);
}
