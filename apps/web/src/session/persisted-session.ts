/**
 * What the session keeps in the browser's storages (spec/platform.md §3 "Session"):
 * the access and refresh tokens in sessionStorage, and in localStorage as well when remember-me
 * was chosen; a legacy access token the same way; the impersonating flag in sessionStorage only
 * (an impersonation never outlives its tab); the redirect-after-sign-in URL, the
 * new-subscription-flow flag and the remembered organisation in localStorage.
 */
const KEY_PREFIX = 'fieldwork.';
const ACCESS_TOKEN_KEY = `${KEY_PREFIX}accessToken`;
const REFRESH_TOKEN_KEY = `${KEY_PREFIX}refreshToken`;
const LEGACY_ACCESS_TOKEN_KEY = `${KEY_PREFIX}legacyAccessToken`;
const IMPERSONATING_KEY = `${KEY_PREFIX}impersonating`;
const REDIRECT_AFTER_SIGN_IN_KEY = `${KEY_PREFIX}redirectAfterSignIn`;
const NEW_SUBSCRIPTION_FLOW_KEY = `${KEY_PREFIX}newSubscriptionFlow`;
const REMEMBERED_ORGANISATION_KEY = `${KEY_PREFIX}organisationId`;

export const NO_ACCESS_TOKEN_MESSAGE = 'No access token found';

export interface SessionTokens {
  accessToken: string;
  /** Absent for a session connected before refresh tokens existed (or in tests). */
  refreshToken: string | null;
}

export interface StoreOptions {
  /** Keep the tokens in localStorage as well, so closing the browser does not end the session. */
  rememberMe: boolean;
}

/** After sign-in, sign-up or a ticket: both tokens into sessionStorage (and localStorage). */
export function saveSessionTokens(tokens: SessionTokens, { rememberMe }: StoreOptions): void {
  writeTokens(sessionStorage, tokens);
  if (rememberMe) writeTokens(localStorage, tokens);
  else removeTokens(localStorage);
}

/** An access token on its own (no refresh token); kept for callers that only have one. */
export function saveAccessToken(token: string, options: StoreOptions): void {
  saveSessionTokens({ accessToken: token, refreshToken: null }, options);
}

/**
 * Tokens from a refresh replace the ones they were refreshed from: in sessionStorage, and in
 * localStorage only when it held that same session (remember-me). An impersonation tab keeps the
 * support person's remembered session in localStorage untouched.
 */
export function replaceRefreshedTokens(previous: SessionTokens, next: SessionTokens): void {
  writeTokens(sessionStorage, next);
  const remembered = localStorage.getItem(REFRESH_TOKEN_KEY);
  if (remembered !== null && remembered === previous.refreshToken) writeTokens(localStorage, next);
}

/**
 * Another tab rotated the refresh token `previous` into `next`: every storage of this tab that
 * held `previous` takes `next` (a retired refresh token sent again would end the session).
 */
export function adoptRotatedTokens(previous: string, next: SessionTokens): void {
  for (const storage of [sessionStorage, localStorage]) {
    if (storage.getItem(REFRESH_TOKEN_KEY) === previous) writeTokens(storage, next);
  }
}

/** The remembered pair in localStorage (remember-me), whichever tab wrote it last. */
export function readRememberedTokens(): SessionTokens | null {
  const accessToken = localStorage.getItem(ACCESS_TOKEN_KEY);
  if (!accessToken) return null;
  return { accessToken, refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY) };
}

/** Puts a pair into this tab's sessionStorage (a newer one another tab kept in localStorage). */
export function useTokensInThisTab(tokens: SessionTokens): void {
  writeTokens(sessionStorage, tokens);
}

/** The token pair of this tab: sessionStorage first, else a remembered one from localStorage. */
export function readSessionTokens(): SessionTokens | null {
  for (const storage of [sessionStorage, localStorage]) {
    const accessToken = storage.getItem(ACCESS_TOKEN_KEY);
    if (accessToken) return { accessToken, refreshToken: storage.getItem(REFRESH_TOKEN_KEY) };
  }
  return null;
}

/** Forgets the tokens of the new sign-in in both storages (a legacy sign-in replaces them). */
export function clearSessionTokens(): void {
  removeTokens(sessionStorage);
  removeTokens(localStorage);
}

/** After a legacy sign-in: the opaque legacy token, used as the bearer itself. */
export function saveLegacyAccessToken(token: string, { rememberMe }: StoreOptions): void {
  sessionStorage.setItem(LEGACY_ACCESS_TOKEN_KEY, token);
  if (rememberMe) localStorage.setItem(LEGACY_ACCESS_TOKEN_KEY, token);
  else localStorage.removeItem(LEGACY_ACCESS_TOKEN_KEY);
}

export function readLegacyAccessToken(): string | null {
  return (
    sessionStorage.getItem(LEGACY_ACCESS_TOKEN_KEY) ||
    localStorage.getItem(LEGACY_ACCESS_TOKEN_KEY) ||
    null
  );
}

export function hasLegacyAccessTokenInLocalStorage(): boolean {
  return localStorage.getItem(LEGACY_ACCESS_TOKEN_KEY) !== null;
}

export function clearLegacyAccessToken(): void {
  sessionStorage.removeItem(LEGACY_ACCESS_TOKEN_KEY);
  localStorage.removeItem(LEGACY_ACCESS_TOKEN_KEY);
}

/** A legacy session: a legacy token and no token of the new sign-in. */
export function isLegacySession(): boolean {
  return readSessionTokens() === null && readLegacyAccessToken() !== null;
}

/** A token or a legacy access token connects the session (spec/platform.md §4 App start). */
export function hasAccessToken(): boolean {
  return readSessionTokens() !== null || readLegacyAccessToken() !== null;
}

/** The bearer as stored (no refresh): the access token, else the legacy token. */
export function readAccessToken(): string {
  const token = readSessionTokens()?.accessToken ?? readLegacyAccessToken();
  if (token === null) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
  return token;
}

/** A session kept in localStorage (remember-me), which outlives what this tab stores. */
export function hasRememberedSession(): boolean {
  return (
    localStorage.getItem(ACCESS_TOKEN_KEY) !== null ||
    localStorage.getItem(LEGACY_ACCESS_TOKEN_KEY) !== null
  );
}

/** Impersonation: the tokens go to sessionStorage only, with the impersonating flag. */
export function saveImpersonationTokens(tokens: SessionTokens): void {
  writeTokens(sessionStorage, tokens);
  sessionStorage.setItem(IMPERSONATING_KEY, 'true');
}

export function readImpersonatingFlag(): boolean {
  return sessionStorage.getItem(IMPERSONATING_KEY) === 'true';
}

/**
 * Removes everything the product stored, from both storages. While impersonating only this tab's
 * sessionStorage is cleared: localStorage belongs to the support person's own session.
 */
export function clearStoredSession(): void {
  const storages = readImpersonatingFlag() ? [sessionStorage] : [sessionStorage, localStorage];
  for (const storage of storages) {
    const ownKeys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(KEY_PREFIX) ?? false,
    );
    for (const key of ownKeys) storage.removeItem(key);
  }
}

function writeTokens(storage: Storage, { accessToken, refreshToken }: SessionTokens): void {
  storage.setItem(ACCESS_TOKEN_KEY, accessToken);
  if (refreshToken) storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  else storage.removeItem(REFRESH_TOKEN_KEY);
}

function removeTokens(storage: Storage): void {
  storage.removeItem(ACCESS_TOKEN_KEY);
  storage.removeItem(REFRESH_TOKEN_KEY);
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
