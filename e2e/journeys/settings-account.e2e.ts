import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { apiToken, rowOf, settingsUrl, statusOf } from '../settings-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: your account in settings', () => {
  it('edits the profile and changes the password (a wrong current password is refused)', async () => {
    const account = newAccount('Pat Profile');
    const { organisation } = await registerAdmin(product.apiUrl, account, 'Profile Works Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(settingsUrl(organisation.slug, 'profile'));
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await captureScreens(page, 'settings-profile');

    await page.getByLabel('Name', { exact: false }).first().fill('Pat Surveyor');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.getByRole('button', { name: 'User menu' }).getByText('Pat Surveyor').waitFor();
    await page.getByRole('switch', { name: /New jobs experience/ }).click();
    await page.getByText('Preference saved').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: /New jobs experience/ }).isChecked())
      .toBe(true);

    await page.goto(settingsUrl(organisation.slug, 'password'));
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel(/^New password/).fill('brand-new-secret-7');
    await page.getByLabel('Confirm new password').fill('brand-new-secret-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText(/current password|incorrect|not correct|wrong/i)
      .first()
      .waitFor();
    await captureScreens(page, 'settings-password-error');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    expect(
      await apiToken(product.apiUrl, { ...account, password: 'brand-new-secret-7' }),
    ).toBeTruthy();
    await captureScreens(page, 'settings-password');
    await context.close();
  });

  it('logs out another device, then every device including this one', async () => {
    const account = newAccount('Dev Devices');
    const { organisation } = await registerAdmin(product.apiUrl, account, 'Device Works Ltd');
    const office = await newSession(browser.get(), product);
    const laptop = await newSession(browser.get(), product);
    const here = await office.newPage();
    const there = await laptop.newPage();
    await signIn(there, account);
    await signIn(here, account);

    await here.goto(settingsUrl(organisation.slug, 'devices'));
    const signedIn = here.getByRole('region', { name: 'Signed in' });
    await expect.poll(() => signedIn.getByTestId('device').count()).toBeGreaterThanOrEqual(2);
    await signedIn.getByText('This device').waitFor();
    await captureScreens(here, 'settings-devices');

    // Log out the other session: it is listed as signed out, and that browser must sign in again.
    const other = signedIn.getByTestId('device').filter({ hasNotText: 'This device' }).first();
    await other.getByRole('button', { name: /^Log out/ }).click();
    await here.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await here
      .getByText(/logged out$/)
      .first()
      .waitFor();
    const signedOut = here.getByRole('region', { name: 'Signed out recently' });
    await expect.poll(() => signedOut.getByTestId('device').count()).toBe(1);
    await there.goto(settingsUrl(organisation.slug, 'profile'));
    await expectPath(there, '/signin');

    // Log out from all devices: this session ends too.
    await here.getByRole('button', { name: 'Log out from all devices' }).click();
    await captureScreens(here, 'settings-devices-logout-all');
    await here.getByRole('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
    await expectPath(here, '/signin');
    await here.goto(settingsUrl(organisation.slug, 'devices'));
    await expectPath(here, '/signin');
    await office.close();
    await laptop.close();
  });

  it('creates an API key, shows its secret once, and the key stops working when deleted', async () => {
    const account = newAccount('Kim Keys');
    const { organisation } = await registerAdmin(product.apiUrl, account, 'Key Works Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(settingsUrl(organisation.slug, 'api-keys'));
    await page.getByText('No API keys yet').waitFor();
    await captureScreens(page, 'settings-api-keys-empty');

    await page.getByRole('button', { name: 'New API key' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: false }).fill('Payroll export');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secretBox = dialog.getByTestId('api-key-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThan(20);
    await dialog.getByText('This is the only time the key is shown').waitFor();
    await captureScreens(page, 'settings-api-key-secret');

    // The key works against the API of this organisation, as a bearer token.
    const clients = `/organisations/${organisation.id}/clients`;
    expect(await statusOf(product.apiUrl, 'GET', clients, secret)).toBe(200);

    // Closed: the list shows the prefix and the last use, never the secret again.
    await dialog.getByRole('button', { name: 'I have copied the key' }).click();
    await rowOf(page, 'Payroll export').waitFor();
    await page.reload();
    await rowOf(page, 'Payroll export').waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await expect
      .poll(async () => (await rowOf(page, 'Payroll export').textContent()) ?? '')
      .not.toContain('Never');
    await captureScreens(page, 'settings-api-keys');

    await page.getByRole('button', { name: 'Delete Payroll export' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No API keys yet').waitFor();
    await expect.poll(() => statusOf(product.apiUrl, 'GET', clients, secret)).toBe(401);
    await context.close();
  });
});
