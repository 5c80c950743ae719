import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, storedTokens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: signing in', () => {
  it('shows the API message when the password is wrong', async () => {
    const { account } = await registerWithOrganisation(product.apiUrl, 'Wrong Password Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('The e-mail or password is incorrect.').waitFor();
    await captureScreens(page, 'signin-error');
    await expectPath(page, '/signin');
    await context.close();
  });

  it('with remember-me keeps the token in localStorage as well, so a new tab stays signed in', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Remembered Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account, { rememberMe: true });
    await expectPath(page, `/organisations/${slug}/projects`);

    const tokens = await storedTokens(page);
    expect(tokens.session).toBeTruthy();
    expect(tokens.local).toBe(tokens.session);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch organisation' }).click();
    await page.getByRole('link', { name: /Remembered Ltd/ }).waitFor();
    await captureScreens(page, 'organisations-list');

    const newTab = await context.newPage();
    await newTab.goto(`/organisations/${slug}/clients`);
    await newTab.getByRole('heading', { name: 'Clients' }).waitFor();
    await expectPath(newTab, `/organisations/${slug}/clients`);
    await context.close();
  });

  it('without remember-me keeps the token in sessionStorage only; a new tab signs in and returns to its page', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Forgetful Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await expectPath(page, `/organisations/${slug}/projects`);

    const tokens = await storedTokens(page);
    expect(tokens.session).toBeTruthy();
    expect(tokens.local).toBeNull();

    const newTab = await context.newPage();
    await newTab.goto(`/organisations/${slug}/clients`);
    await expectPath(newTab, '/signin');
    await signIn(newTab, account);
    await expectPath(newTab, `/organisations/${slug}/clients`);
    await context.close();
  });
});
