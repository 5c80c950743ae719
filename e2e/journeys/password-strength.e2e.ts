import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: choosing a password', () => {
  it('shows the strength as it is typed, and the server refuses a common password', async () => {
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    const account = newAccount('Petra Passphrase');
    await page.goto('/signup');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    const password = page.getByLabel(/^Password/);

    await password.fill('password');
    await page.getByText(/Strength: Very weak\. Too easy to guess/).waitFor();
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-label'))
      .toBe('Strength: Very weak');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/This password is too easy to guess/).waitFor();
    await expectPath(page, '/signup');

    await password.fill(account.password);
    await page.getByText(/Good enough\./).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname !== '/signup');
    await context.close();
  });
});
