import type { Locator, Page } from 'playwright-core';
import { newAccount } from './accounts';
import type { Account } from './accounts';
import { callApi, registerAccount } from './identity';
import type { registerAdmin } from './identity';

/** Settings journeys: an organisation with its admin, and members who joined it. */

export type Admin = Awaited<ReturnType<typeof registerAdmin>>;

/** Signs in through the API (no browser) and answers the access token. */
export async function apiToken(apiUrl: string, account: Account): Promise<string> {
  const { accessToken } = await callApi<{ accessToken: string }>(apiUrl, 'POST', '/auth/web', {
    email: account.email,
    password: account.password,
  });
  return accessToken;
}

/** A new account that joins the admin's organisation with `role` through an invite link. */
export async function addMember(apiUrl: string, admin: Admin, name: string, role: string) {
  const account = newAccount(name);
  const token = await registerAccount(apiUrl, account);
  const { data } = await admin.organisationCall<{ data: { token: string } }>(
    'POST',
    '/organisation_invites',
    { role },
  );
  await callApi(apiUrl, 'POST', `/me/organisation_invites/${data.token}/accept`, {}, token);
  const { data: members } = await admin.organisationCall<{
    data: Array<{ id: string; email: string }>;
  }>('GET', `/members/query?filter[search]=${encodeURIComponent(account.email)}`);
  const member = members.find((item) => item.email === account.email);
  if (!member) throw new Error(`${account.email} did not join`);
  return { account, token, id: member.id };
}

/** Accepts an e-mailed membership invite (its link) as `account`. */
export async function acceptInviteLink(apiUrl: string, link: URL, account: Account) {
  const inviteToken = decodeURIComponent(link.pathname.split('/').pop() ?? '');
  const { data } = await callApi<{ data: { id: string } }>(
    apiUrl,
    'GET',
    `/membership_invites/${encodeURIComponent(inviteToken)}`,
  );
  const token = await registerAccount(apiUrl, account);
  await callApi(
    apiUrl,
    'POST',
    `/me/membership_invites/${data.id}/accept`,
    { token: inviteToken },
    token,
  );
  return token;
}

/** Status of a call to the API with a bearer token (no throwing: journeys check refusals). */
export async function statusOf(
  apiUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<number> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

export const settingsUrl = (slug: string, page: string) =>
  `/organisations/${slug}/settings/${page}`;

/** The settings navigation on a wide screen. */
export const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

export const rowOf = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ hasText: text });

/** Opens a row's "…" menu and picks an item. */
export async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Picks an option of a Mantine Select or MultiSelect inside `scope`. */
export async function choose(scope: Page | Locator, label: string, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByLabel(label, { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // A MultiSelect keeps its list open for more picks: click elsewhere, as a user would.
  if (await page.getByRole('listbox').isVisible()) {
    await page.getByRole('dialog').getByRole('heading').first().click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }
}

/**
 * Picks an option of a required Select in the open dialog: its label carries the asterisk, so
 * it is found by how it starts.
 */
export async function chooseRequired(page: Page, label: string, option: string) {
  await page
    .getByRole('dialog')
    .getByLabel(new RegExp(`^${label}`))
    .and(page.locator('input'))
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A calendar date `days` from today, as YYYY-MM-DD. */
export function dateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
