import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Account } from './accounts';
import { newSession } from './browser';
import type { Product } from './harness';

/** Signs in through the /signin form and waits to leave it. */
export async function signIn(page: Page, account: Account, { rememberMe = false } = {}) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/** A fresh browser session (see newSession) with a page signed in as `account`. */
export async function signedInSession(browser: Browser, product: Product, account: Account) {
  const context = await newSession(browser, product);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
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

/**
 * Works a sortable row from its drag handle's keyboard mode: each key is pressed only once the
 * previous step was announced to screen readers and the page has settled, then the row is dropped.
 * dnd-kit's keyboard sensor attaches its keydown listener in a timer after the pick-up, and
 * measures the rows after a render, so a key pressed on the announcement alone can be lost.
 */
export async function reorderWithKeyboard(
  page: Page,
  handleName: string,
  steps: Array<{ key: 'Space' | 'ArrowUp' | 'ArrowDown'; announced: string | RegExp }>,
) {
  await page.getByRole('button', { name: handleName }).focus();
  for (const { key, announced } of steps) {
    await settle(page);
    await page.keyboard.press(key);
    await page.getByText(announced).first().waitFor({ state: 'attached' });
  }
  await settle(page);
  await page.keyboard.press('Space');
}

/** Waits for the page's pending timers and two frames (so effects run and layout is measured). */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      ),
  );
}
