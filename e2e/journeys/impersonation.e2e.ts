import { describe, expect, it } from 'vitest';
import { newAccount, registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, storedTokens, useBrowser } from '../browser';
import { SUPPORT_EMAILS, useProduct } from '../harness';
import { registerOrSignIn } from '../identity';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: support staff impersonate a user', () => {
  it('creates a link on the support page, acts as the user with a banner on every page, and stops', async () => {
    const { account: user, slug } = await registerWithOrganisation(
      product.apiUrl,
      'Impersonated Builders',
    );
    const support = { ...newAccount('Sam Support'), email: SUPPORT_EMAILS.impersonation };
    await registerOrSignIn(product.apiUrl, support);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, support, { rememberMe: true });
    const ownTokens = await storedTokens(page);

    // The support page is in the user menu of support staff.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await expectPath(page, '/support');
    await captureScreens(page, 'support');
    await page.getByLabel('User e-mail').fill(user.email);
    await page.getByRole('button', { name: 'Create impersonation link' }).click();
    const open = page.getByRole('link', { name: 'Open impersonation link' });
    await open.waitFor();
    await captureScreens(page, 'support-link');
    const href = await open.getAttribute('href');
    expect(href).toMatch(/\/impersonate\/[\w-]{20,}$/);

    // The link opens in a new tab, which acts as the user.
    const tab = await context.newPage();
    await tab.goto(href ?? '');
    await expectPath(tab, `/organisations/${slug}/projects`);
    const banner = tab.getByRole('complementary', { name: 'Impersonation' });
    await banner.getByText(`You are impersonating ${user.name}`).waitFor();
    // The banner comes with the session; the page itself may still be loading its projects.
    await tab.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await captureScreens(tab, 'impersonating-projects');

    // Only this tab's sessionStorage holds the impersonation; the support session stays.
    const tabTokens = await storedTokens(tab);
    expect(tabTokens.session).not.toBe(ownTokens.session);
    expect(tabTokens.local).toBe(ownTokens.local);

    // The banner is on every signed-in page.
    await tab.getByRole('link', { name: 'Clients' }).click();
    await tab.getByRole('heading', { name: 'Clients' }).waitFor();
    await banner.waitFor();
    await tab.goto('/organisations');
    await tab.getByRole('heading', { name: 'Your organisations' }).waitFor();
    await banner.waitFor();
    await captureScreens(tab, 'impersonating-organisations');

    // Stopping returns this tab to the support person's own (remembered) session.
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expectPath(tab, '/support');
    await tab.getByRole('heading', { name: 'Support' }).waitFor();
    await tab.getByLabel('User e-mail').waitFor();
    await expect.poll(() => banner.count()).toBe(0);

    // The link was single use.
    await tab.goto(href ?? '');
    await tab.getByText('This impersonation link has expired or has already been used.').waitFor();
    await captureScreens(tab, 'impersonate-used');
    await context.close();
  });

  it('keeps the support page from other users', async () => {
    const { account } = await registerWithOrganisation(product.apiUrl, 'Ordinary Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch organisation' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Support' }).count()).toBe(0);
    await page.goto('/support');
    await page.getByText('For support staff only').waitFor();
    await context.close();
  });
});
