import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { addMember, rowOf, settingsNav, settingsUrl, statusOf } from '../settings-steps';
import { signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: what an operative may do in settings', () => {
  it('shows an operative no admin controls, and the API refuses them with 403', async () => {
    const adminAccount = newAccount('Ada Admin');
    const admin = await registerAdmin(product.apiUrl, adminAccount, 'Roles Ltd');
    const { slug, id: organisationId } = admin.organisation;
    const operative = await addMember(product.apiUrl, admin, 'Oscar Operative', 'OPERATIVE');
    const colleague = await addMember(product.apiUrl, admin, 'Cara Colleague', 'OPERATIVE');
    const { data: team } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/teams',
      {
        name: 'North crew',
        user_ids: [operative.id, colleague.id],
      },
    );
    await admin.organisationCall('POST', '/qualifications', {
      user_id: colleague.id,
      name: "Cara's CSCS card",
    });

    const { context, page } = await signedInSession(browser.get(), product, operative.account);

    // Members: the list, but no invitation and no actions on anyone.
    await page.goto(settingsUrl(slug, 'members'));
    await rowOf(page, 'Cara Colleague').waitFor();
    await rowOf(page, 'Ada Admin').waitFor();
    expect(await page.getByRole('button', { name: 'Invite member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    // API keys are not offered, and the page says why when opened directly.
    expect(await settingsNav(page).getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await captureScreens(page, 'settings-members-operative');

    // Teams and guests: read only.
    await settingsNav(page).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await rowOf(page, 'North crew').waitFor();
    expect(await page.getByRole('button', { name: 'New team' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Actions for North crew' }).count()).toBe(0);
    await settingsNav(page).getByRole('link', { name: 'Guests' }).click();
    await page.getByRole('heading', { name: 'Guests', level: 1 }).waitFor();
    await page.getByText('No guests yet').waitFor();
    expect(await page.getByRole('button', { name: 'Invite guest' }).count()).toBe(0);

    // Qualifications: only their own, which they may add.
    await settingsNav(page).getByRole('link', { name: 'Qualifications' }).click();
    await page.getByRole('heading', { name: 'Qualifications', level: 1 }).waitFor();
    await page.getByText('No qualifications yet').waitFor();
    expect(await page.getByText("Cara's CSCS card").count()).toBe(0);
    await page.getByRole('button', { name: 'New qualification' }).first().click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Member').count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Working at height');
    await dialog.getByRole('button', { name: 'Add qualification' }).click();
    await rowOf(page, 'Working at height')
      .getByRole('cell', { name: 'Oscar Operative', exact: true })
      .waitFor();
    await captureScreens(page, 'settings-qualifications-operative');

    await page.goto(settingsUrl(slug, 'api-keys'));
    await page.getByText('API keys are managed by admins').waitFor();
    await captureScreens(page, 'settings-api-keys-operative');

    // The server refuses the same actions when called directly with the operative's token.
    const token = operative.token;
    const org = `/organisations/${organisationId}`;
    const refused: Array<[string, string, unknown?]> = [
      ['POST', `${org}/members/invites`, { email: 'someone@example.test', role: 'ADMIN' }],
      ['PUT', `${org}/members/${colleague.id}/role`, { role: 'ADMIN' }],
      ['PUT', `${org}/members/${operative.id}/role`, { role: 'ADMIN' }],
      ['POST', `${org}/members/${colleague.id}/deactivate`],
      ['DELETE', `${org}/members/${colleague.id}`],
      ['PUT', `${org}/members/${colleague.id}/employment_info`, { hourly_rate: 99 }],
      ['POST', `${org}/teams`, { name: 'Rogue team' }],
      ['POST', `${org}/teams/${team.id}/add_member`, { user_id: operative.id }],
      ['POST', `${org}/guests/invite`, { email: 'guest@example.test', project_ids: [] }],
      ['POST', '/api_keys', { organisation_id: organisationId, name: 'Rogue key' }],
      ['GET', `/api_keys?filter[organisation_id]=${organisationId}`],
    ];
    for (const [method, path, body] of refused) {
      expect({
        method,
        path,
        status: await statusOf(product.apiUrl, method, path, token, body),
      }).toEqual({
        method,
        path,
        status: 403,
      });
    }
    // ...while what an operative may do still works.
    expect(await statusOf(product.apiUrl, 'GET', `${org}/members`, token)).toBe(200);
    expect(await statusOf(product.apiUrl, 'GET', `${org}/teams`, token)).toBe(200);
    await context.close();
  });
});
