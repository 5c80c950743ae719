import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { callApi } from '../identity';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const readStorage = (key: string) => ({
  session: sessionStorage.getItem(key),
  local: localStorage.getItem(key),
});

describe('journey: session tokens', () => {
  it('refreshes an access token older than 60 seconds before the next call', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Fresh Tokens Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, account, { rememberMe: true });
    await expectPath(page, `/organisations/${slug}/projects`);
    const before = await page.evaluate(readStorage, 'fieldwork.accessToken');
    const refreshToken = await page.evaluate(readStorage, 'fieldwork.refreshToken');
    expect(refreshToken.session).toBeTruthy();
    expect(refreshToken.local).toBe(refreshToken.session);

    // Two minutes on, the next call renews the token first, then succeeds. (The what's-new badge
    // polls on its own timer, which the fast-forward also fires: it may renew first, so the
    // journey asks that every renewal succeeded, not how many calls made one.)
    await page.clock.fastForward('02:00');
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/auth/refresh')) refreshes.push(response.status());
    });
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await page.getByText('No clients yet').waitFor();
    await expect.poll(() => refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // The renewed pair is kept where the session lives (both storages: remember-me). The server
    // clock has not moved, so the token may well be byte-for-byte the one it replaces.
    const after = await page.evaluate(readStorage, 'fieldwork.accessToken');
    expect(after.session).toBeTruthy();
    expect(after.local).toBe(after.session);
    expect(before.local).toBe(before.session);
    await context.close();
  });

  it('signs in the legacy way at /legacy-login, with the legacy token as the bearer', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Classic Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.goto('/legacy-login');
    await captureScreens(page, 'legacy-login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, `/organisations/${slug}/projects`);
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByText('No clients yet').waitFor();
    expect(await page.evaluate(readStorage, 'fieldwork.legacyAccessToken')).toMatchObject({
      session: expect.any(String),
      local: null,
    });
    expect((await page.evaluate(readStorage, 'fieldwork.accessToken')).session).toBeNull();
    await context.close();
  });

  it('hands a sign-in ticket to the mobile app from /signin/mobile', async () => {
    const { account } = await registerWithOrganisation(product.apiUrl, 'Mobile Crew Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.goto('/signin/mobile');
    await captureScreens(page, 'signin-mobile');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in and open the app' }).click();
    const open = page.getByRole('link', { name: 'Open the Fieldwork app' });
    await open.waitFor();
    await captureScreens(page, 'signin-mobile-handoff');

    const href = (await open.getAttribute('href')) ?? '';
    expect(href).toMatch(/^fieldwork:\/\/signin\?ticket=/);
    const ticket = new URL(href).searchParams.get('ticket') ?? '';
    await page.getByText(ticket).waitFor();
    // Nothing of that sign-in stays in the browser; the app signs in with the ticket.
    expect((await page.evaluate(readStorage, 'fieldwork.accessToken')).session).toBeNull();
    const tokens = await callApi<{ accessToken: string }>(product.apiUrl, 'POST', '/auth/ticket', {
      ticket,
    });
    expect(tokens.accessToken).toBeTruthy();
    await context.close();
  });
});
