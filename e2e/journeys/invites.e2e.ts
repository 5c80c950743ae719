import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAccount, registerAdmin } from '../identity';
import { linkIn } from '../mailbox';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** An admin invites `email`; answers the invite link read from the e-mail that arrives. */
async function inviteByEmail(
  admin: Awaited<ReturnType<typeof registerAdmin>>,
  email: string,
  role: string,
): Promise<URL> {
  await admin.organisationCall('POST', '/members/invites', { email, role });
  const mail = await product.mailbox.waitForMail(email);
  const link = linkIn(mail, '/membership-invite/');
  expect(link.origin).toBe(product.webUrl);
  return link;
}

describe('journey: accepting an invite', () => {
  it('an existing user, signed in, accepts and lands in the organisation', async () => {
    const admin = await registerAdmin(product.apiUrl, newAccount('Ada Admin'), 'Harbour Invites');
    const invitee = newAccount('Ivy Existing');
    await registerAccount(product.apiUrl, invitee);
    const link = await inviteByEmail(admin, invitee.email, 'MANAGER');

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, invitee);
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Join Harbour Invites' }).waitFor();
    await page.getByText('Manager', { exact: true }).waitFor();
    await page.getByText(invitee.email).first().waitFor();
    await page.getByText('Ada Admin invited you').waitFor();
    await captureScreens(page, 'membership-invite-signed-in');

    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expectPath(page, `/organisations/${admin.organisation.slug}/projects`);
    await page.getByText('Harbour Invites').first().waitFor();

    // The invite is used now.
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'This invitation is no longer valid' }).waitFor();
    await captureScreens(page, 'invite-dead');
    await context.close();
  });

  it('a new user signs up with the e-mail filled in and is then in the organisation', async () => {
    const admin = await registerAdmin(product.apiUrl, newAccount('Ada Admin'), 'Newcomer Works');
    const newcomer = newAccount('Nina Newcomer');
    const link = await inviteByEmail(admin, newcomer.email, 'OPERATIVE');

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Join Newcomer Works' }).waitFor();
    await captureScreens(page, 'membership-invite-new-user');
    await page.getByRole('button', { name: 'Create an account to accept' }).click();
    await expectPath(page, '/signup');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(newcomer.email);
    await page.getByLabel('Name').fill(newcomer.name);
    await page.getByLabel(/^Password/).fill(newcomer.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // An operative lands on their own home (today's jobs), not the projects table.
    await expectPath(page, `/organisations/${admin.organisation.slug}/home`);
    await page.getByText('Newcomer Works').first().waitFor();
    await context.close();
  });

  it('an invite link of an organisation is accepted by a signed-in user', async () => {
    const admin = await registerAdmin(product.apiUrl, newAccount('Ada Admin'), 'Open Door Ltd');
    const { data } = await admin.organisationCall<{ data: { url: string } }>(
      'POST',
      '/organisation_invites',
      { role: 'OPERATIVE' },
    );
    const link = new URL(data.url);
    const joiner = newAccount('Jo Joiner');
    await registerAccount(product.apiUrl, joiner);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, joiner);
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Join Open Door Ltd' }).waitFor();
    await captureScreens(page, 'organisation-invite');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expectPath(page, `/organisations/${admin.organisation.slug}/home`);
    await context.close();
  });
});
