import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { linkIn } from '../mailbox';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: a forgotten password', () => {
  it('asks for a link, reads the e-mail, sets a new password and signs in with it', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Forgetful Surveys');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();

    // From sign-in to the request form.
    await page.goto('/signin');
    await captureScreens(page, 'signin-with-forgot-link');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await captureScreens(page, 'forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${account.email}`).waitFor();
    await captureScreens(page, 'forgot-password-sent');

    // The same confirmation for an e-mail without an account, and nothing is sent to it.
    await page.getByRole('button', { name: 'try another e-mail address' }).click();
    await page.getByLabel('Email').fill('nobody-here@example.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for nobody-here@example.test').waitFor();

    // The e-mail arrives over SMTP with a link into the web app.
    const mail = await product.mailbox.waitForMail(account.email, (item) =>
      /reset/i.test(item.subject),
    );
    const link = linkIn(mail, '/reset-password/');
    expect(link.origin).toBe(product.webUrl);
    expect(
      (await product.mailbox.messages()).some((item) =>
        item.to.includes('nobody-here@example.test'),
      ),
    ).toBe(false);

    // Choose a new password.
    await page.goto(link.pathname);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(account.email);
    await captureScreens(page, 'reset-password');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Must be at least 8 characters').waitFor();
    await captureScreens(page, 'reset-password-error');

    const newPassword = 'a-brand-new-password-7';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectPath(page, '/signin');
    await page.getByText('Your password has been changed').waitFor();
    await captureScreens(page, 'signin-password-changed');

    // The old password no longer works; the new one does.
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await signIn(page, { ...account, password: newPassword });
    await expectPath(page, `/organisations/${slug}/projects`);

    // The link worked once.
    await page.goto(link.pathname);
    await page.getByText('has expired or has already been used').waitFor();
    await captureScreens(page, 'reset-password-used');
    await context.close();
  });
});
