import type { Page } from 'playwright-core';
import { callApi } from './identity';

/** Picks a Mantine Select option by typing into it (searchable) and choosing the option. */
export async function pick(page: Page, label: string, search: string, option: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs in through the API and answers the access token (for setting data up). */
export async function tokenOf(apiUrl: string, email: string, password: string): Promise<string> {
  const { accessToken } = await callApi<{ accessToken: string }>(apiUrl, 'POST', '/auth/web', {
    email,
    password,
  });
  return accessToken;
}
