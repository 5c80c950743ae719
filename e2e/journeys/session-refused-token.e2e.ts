import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const EXPIRED = 'Your session has expired — please sign in again';

/** Replaces a stored token in both storages (remember-me keeps it in both). */
const overwrite = ({ key, value }: { key: string; value: string }) => {
  sessionStorage.setItem(key, value);
  localStorage.setItem(key, value);
};

describe('journey: an access token the API refuses', () => {
  it('is renewed with the refresh token: after a reload the user is still signed in', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Sturdy Sessions');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account, { rememberMe: true });
    await expectPath(page, `/organisations/${slug}/projects`);

    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/auth/refresh')) refreshes.push(response.status());
    });
    await page.evaluate(overwrite, { key: 'fieldwork.accessToken', value: 'not-a-usable-token' });
    await page.reload();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/organisations/${slug}/projects`);
    await expect.poll(() => refreshes).toContain(200);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('fieldwork.accessToken')))
      .not.toBe('not-a-usable-token');
    await expect(page.getByText(EXPIRED).count()).resolves.toBe(0);
    await context.close();
  });

  it('signs out with "session expired" when the refresh token is refused too', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Brittle Sessions');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account, { rememberMe: true });
    await expectPath(page, `/organisations/${slug}/projects`);

    await page.evaluate(overwrite, { key: 'fieldwork.accessToken', value: 'not-a-usable-token' });
    await page.evaluate(overwrite, { key: 'fieldwork.refreshToken', value: 'not-a-refresh-token' });
    await page.reload();
    await expectPath(page, '/signin');
    await page.getByText(EXPIRED).waitFor();
    await captureScreens(page, 'signin-session-expired');

    // Signing in again goes back to work, and the notice is gone.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, `/organisations/${slug}/projects`);
    await page.goto('/signin');
    await expect(page.getByText(EXPIRED).count()).resolves.toBe(0);
    await context.close();
  });
});
