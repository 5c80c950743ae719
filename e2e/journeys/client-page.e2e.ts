import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: a client and its contacts', () => {
  it('warns of a second client of one name, tells the two apart, and manages contacts on the client page', async () => {
    const { account, slug, createClient } = await registerWithOrganisation(
      product.apiUrl,
      'Quayside Contacts Ltd',
    );
    await createClient('Acme Roofing');
    await createClient('Northwind Builders');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(`/organisations/${slug}/clients`);
    await page.getByRole('link', { name: 'Acme Roofing' }).waitFor();

    // A second "Acme Roofing": warned while typing, still allowed, then told apart in the list.
    await page.getByRole('button', { name: 'New client' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('acme roofing');
    await dialog.getByText('A client named “Acme Roofing” already exists').waitFor();
    await captureScreens(page, 'client-duplicate-warning');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('1–3 of 3').waitFor();
    await expect
      .poll(() =>
        page
          .locator('tbody')
          .getByText(/created .* · 0 projects · ref /)
          .count(),
      )
      .toBe(2);

    // The client page: contacts, projects and activity.
    await page.getByRole('link', { name: 'Northwind Builders' }).click();
    await expectPath(page, /^\/organisations\/[^/]+\/clients\/[^/]+$/);
    await page.getByRole('heading', { name: 'Northwind Builders', level: 1 }).waitFor();
    await page.getByText('No contacts yet.').waitFor();
    await page.getByText('No projects for this client yet.').waitFor();

    await page.getByRole('button', { name: 'New contact' }).click();
    await dialog.getByLabel('Name').fill('Dana Site');
    await dialog.getByLabel('Role').fill('Site manager');
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    await dialog.getByText('Must be a valid e-mail address').waitFor();
    await dialog.getByLabel('E-mail').fill('dana@northwind.test');
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    const contacts = page.getByRole('table', { name: 'Contacts' });
    await contacts.getByText('dana@northwind.test').waitFor();

    await page.getByRole('button', { name: 'New contact' }).click();
    await dialog.getByLabel('Name').fill('Sam Quantity');
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    await contacts.getByText('Sam Quantity').waitFor();

    // Edit.
    await page.getByRole('button', { name: 'Actions for Dana Site' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog.getByLabel('Role').fill('Contracts manager');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await contacts.getByRole('cell', { name: 'Contracts manager', exact: true }).waitFor();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Contact Dana Site changed').waitFor();
    await activity.getByText('Contact Sam Quantity created').waitFor();
    await captureScreens(page, 'client-page');

    // Archive one, find it among the archived.
    await page.getByRole('button', { name: 'Actions for Sam Quantity' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await contacts.getByText('Sam Quantity').waitFor({ state: 'detached' });
    await page.getByLabel('Show archived').check();
    await contacts.getByText('Sam Quantity').waitFor();
    await page.getByLabel('Show archived').uncheck();

    // Move Dana to the other client (the twin names carry their reference in the picker).
    await page.getByRole('button', { name: 'Actions for Dana Site' }).click();
    await page.getByRole('menuitem', { name: 'Move to another client' }).click();
    await dialog.getByLabel('Move to client').click();
    const choices = page.getByRole('option', { name: /Acme Roofing \(ref /i });
    await expect.poll(() => choices.count()).toBe(2);
    await choices.first().click();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('No contacts yet.').waitFor();

    // A client that does not exist: a clear message, no "Try again".
    await page.goto(`/organisations/${slug}/clients/000000000000000000000000`);
    await page.getByText('Could not load this client').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await context.close();
  });
});
