import { randomUUID } from 'node:crypto';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(name = 'Robin Surveyor'): Account {
  return {
    name,
    email: `e2e-${randomUUID().slice(0, 8)}@example.test`,
    password: 'correct-horse-42',
  };
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers an account with an organisation through the API, for journeys that start signed up. */
export async function registerWithOrganisation(apiUrl: string, organisationName: string) {
  const account = newAccount();
  const { accessToken } = await postJson<{ accessToken: string }>(
    `${apiUrl}/users/register`,
    account,
  );
  const { organisation } = await postJson<{ organisation: { id: string; slug: string } }>(
    `${apiUrl}/me/organisations/register`,
    { name: organisationName },
    accessToken,
  );
  // Set up already, so its pages open without the preboarding redirects.
  await postJson(
    `${apiUrl}/organisations/${organisation.id}/preboarding/complete`,
    {},
    accessToken,
  );
  const createClient = (name: string) =>
    postJson(`${apiUrl}/organisations/${organisation.id}/clients`, { name }, accessToken);
  return {
    account,
    slug: organisation.slug,
    organisationId: organisation.id,
    accessToken,
    createClient,
  };
}
