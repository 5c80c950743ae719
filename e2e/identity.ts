import type { Account } from './accounts';

/** Calls the API as a journey's setup does, outside the browser. */
export async function callApi<T>(
  apiUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers an account through the API; answers its access token. */
export async function registerAccount(apiUrl: string, account: Account): Promise<string> {
  const { accessToken } = await callApi<{ accessToken: string }>(
    apiUrl,
    'POST',
    '/users/register',
    account,
  );
  return accessToken;
}

/**
 * Registers an account with a fixed address (support staff) or, when a retried journey registered
 * it already, signs it in; answers its access token and whether it was there before.
 */
export async function registerOrSignIn(
  apiUrl: string,
  account: Account,
): Promise<{ token: string; existed: boolean }> {
  try {
    return { token: await registerAccount(apiUrl, account), existed: false };
  } catch (error) {
    if (!String(error).includes('"code":"taken"')) throw error;
    const { accessToken } = await callApi<{ accessToken: string }>(apiUrl, 'POST', '/auth/web', {
      email: account.email,
      password: account.password,
    });
    return { token: accessToken, existed: true };
  }
}

/** Registers an account with an organisation; answers what invite journeys need. */
export async function registerAdmin(apiUrl: string, account: Account, organisationName: string) {
  const token = await registerAccount(apiUrl, account);
  const { organisation } = await callApi<{ organisation: { id: string; slug: string } }>(
    apiUrl,
    'POST',
    '/me/organisations/register',
    { name: organisationName },
    token,
  );
  const organisationCall = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(apiUrl, method, `/organisations/${organisation.id}${path}`, body, token);
  // Set up already, so its pages open without the preboarding redirects.
  await organisationCall('POST', '/preboarding/complete');
  return { token, organisation, organisationCall };
}
