import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Account } from './accounts';

/** Signs in through the /signin form and waits to leave it. */
export async function signIn(page: Page, account: Account, { rememberMe = false } = {}) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

export async function expectPath(page: Page, pathname: string | RegExp) {
  await page.waitForURL((url) =>
    typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
  );
  const actual = new URL(page.url()).pathname;
  if (typeof pathname === 'string') expect(actual).toBe(pathname);
  else expect(actual).toMatch(pathname);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectPath(page, '/signin');
}
