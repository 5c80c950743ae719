import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { linkIn } from '../mailbox';
import {
  acceptInviteLink,
  addMember,
  apiToken,
  choose,
  rowAction,
  rowOf,
  settingsNav,
  settingsUrl,
  statusOf,
} from '../settings-steps';
import { expectPath, signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: an admin manages the people of the organisation', () => {
  it('invites a member, changes the role, deactivates and reactivates them', async () => {
    const adminAccount = newAccount('Ada Admin');
    const admin = await registerAdmin(product.apiUrl, adminAccount, 'Harbour People Ltd');
    const { slug, id: organisationId } = admin.organisation;
    const { context, page } = await signedInSession(browser.get(), product, adminAccount);

    // Settings from the clients page: the way back leads there.
    await page.goto(`/organisations/${slug}/clients`);
    await page.getByText('No clients yet').waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, settingsUrl(slug, 'profile'));
    await page.getByRole('link', { name: 'Back to clients' }).waitFor();
    await settingsNav(page).getByRole('link', { name: 'Members' }).click();
    await expectPath(page, settingsUrl(slug, 'members'));
    await rowOf(page, 'Ada Admin').getByText('Owner').waitFor();
    await captureScreens(page, 'settings-members');

    // Invite by e-mail as an operative; the invitation waits in the Invited tab.
    const invitee = newAccount('Olu Operative');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(invitee.email);
    await captureScreens(page, 'settings-member-invite');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    await page.getByRole('tab', { name: /Invited/ }).click();
    await rowOf(page, invitee.email)
      .getByRole('cell', { name: 'Operative', exact: true })
      .waitFor();
    await captureScreens(page, 'settings-members-invited');

    // The e-mail arrives; the invitee signs up and accepts.
    const mail = await product.mailbox.waitForMail(invitee.email);
    await acceptInviteLink(product.apiUrl, linkIn(mail, '/membership-invite/'), invitee);
    // A reload keeps the tab (the list's state lives in the address): no invitation is left.
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: /Invited/ }).getAttribute('aria-selected'))
      .toBe('true');
    await page
      .getByRole('tab', { name: /Active/ })
      .first()
      .click();
    await rowOf(page, 'Olu Operative').waitFor();

    // Change the role to manager.
    await rowAction(page, 'Olu Operative', 'Change role');
    await choose(dialog, 'Role', 'Manager');
    await captureScreens(page, 'settings-member-role');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await rowOf(page, 'Olu Operative').getByText('Manager').waitFor();

    // Employment information.
    await rowAction(page, 'Olu Operative', 'Employment information');
    await dialog.getByLabel('Employee number').fill('E-117');
    await dialog.getByLabel('Hourly rate').fill('24.5');
    await captureScreens(page, 'settings-member-employment');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Employment information of Olu Operative saved').waitFor();

    // Deactivate: off the active list, and the API refuses them in this organisation.
    const inviteeToken = await apiToken(product.apiUrl, invitee);
    await expect
      .poll(() =>
        statusOf(product.apiUrl, 'GET', `/organisations/${organisationId}/clients`, inviteeToken),
      )
      .toBe(200);
    await rowAction(page, 'Olu Operative', 'Deactivate');
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Olu Operative deactivated').waitFor();
    await expect.poll(() => rowOf(page, 'Olu Operative').count()).toBe(0);
    await expect
      .poll(() =>
        statusOf(product.apiUrl, 'GET', `/organisations/${organisationId}/clients`, inviteeToken),
      )
      .toBe(403);
    await page.getByRole('tab', { name: /Inactive/ }).click();
    await rowOf(page, 'Olu Operative').waitFor();
    await captureScreens(page, 'settings-members-inactive');

    // Reactivate: back among the active members, and the API lets them in again.
    await rowAction(page, 'Olu Operative', 'Reactivate');
    await page.getByText('Olu Operative reactivated').waitFor();
    await page
      .getByRole('tab', { name: /Active/ })
      .first()
      .click();
    await rowOf(page, 'Olu Operative').getByText('Manager').waitFor();
    await expect
      .poll(() =>
        statusOf(product.apiUrl, 'GET', `/organisations/${organisationId}/clients`, inviteeToken),
      )
      .toBe(200);

    // The guests page of an admin: a guest is invited into one of the organisation's projects.
    await admin.organisationCall('POST', '/projects', { name: 'Harbour Tower' });
    await settingsNav(page).getByRole('link', { name: 'Guests' }).click();
    await page.getByText('No guests yet').waitFor();
    await captureScreens(page, 'settings-guests');
    await page.getByRole('button', { name: 'Invite guest' }).first().click();
    await dialog.getByLabel('Email').fill('gil.guest@example.test');
    await dialog.getByLabel('Projects', { exact: true }).click();
    await page.getByRole('option', { name: 'Harbour Tower' }).click();
    // Back to the e-mail field, which closes the projects list.
    await dialog.getByLabel('Email').click();
    await page.getByRole('option', { name: 'Harbour Tower' }).waitFor({ state: 'hidden' });
    await captureScreens(page, 'settings-guest-invite');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('gil.guest@example.test').first().waitFor();
    const invitedGuests = async () =>
      (
        await admin.organisationCall<{ invited: Array<{ email: string }> }>('GET', '/guests')
      ).invited.map((invite) => invite.email);
    await expect.poll(invitedGuests).toContain('gil.guest@example.test');

    // The way back from settings.
    await page.getByRole('link', { name: 'Back to clients' }).click();
    await expectPath(page, `/organisations/${slug}/clients`);
    await context.close();
  });

  it('manages a team: create with a lead, add and remove members, archive', async () => {
    const adminAccount = newAccount('Ada Admin');
    const admin = await registerAdmin(product.apiUrl, adminAccount, 'Crew Works Ltd');
    const { slug } = admin.organisation;
    await addMember(product.apiUrl, admin, 'Tom Teamlead', 'OPERATIVE');
    await addMember(product.apiUrl, admin, 'Una Operative', 'OPERATIVE');
    const { context, page } = await signedInSession(browser.get(), product, adminAccount);
    await page.goto(settingsUrl(slug, 'teams'));
    await page.getByText('No teams yet').waitFor();
    await captureScreens(page, 'settings-teams-empty');

    // Create: a blank name is refused next to the field, then the team is saved.
    await page.getByRole('button', { name: 'New team' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('North crew');
    await dialog.getByLabel('Short name').fill('NTH');
    await choose(dialog, 'Team lead', 'Tom Teamlead');
    await choose(dialog, 'Members', 'Tom Teamlead');
    await captureScreens(page, 'settings-team-form');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await rowOf(page, 'North crew').getByText('Tom Teamlead', { exact: true }).waitFor();
    await captureScreens(page, 'settings-teams');

    // Manage members: add Una, remove Tom.
    await rowAction(page, 'North crew', 'Manage members');
    await choose(dialog, 'Add members', 'Una Operative');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Una Operative').first().waitFor();
    await captureScreens(page, 'settings-team-members');
    await dialog.getByRole('button', { name: 'Remove Tom Teamlead from the team' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Remove Tom Teamlead from the team' }).count())
      .toBe(0);
    await page.keyboard.press('Escape');
    await rowOf(page, 'North crew').getByRole('cell', { name: '1', exact: true }).waitFor();
    const teams = async () =>
      (
        await admin.organisationCall<{ data: Array<{ name: string; member_count: number }> }>(
          'GET',
          '/teams',
        )
      ).data;
    await expect.poll(teams).toMatchObject([{ name: 'North crew', member_count: 1 }]);

    // Archive, and find it among the archived.
    await rowAction(page, 'North crew', 'Archive');
    await page
      .getByText('No teams match your filters')
      .or(page.getByText('No teams yet'))
      .waitFor();
    await page.getByLabel('Show archived').check();
    await rowOf(page, 'North crew').getByText('Archived').waitFor();
    await context.close();
  });
});
