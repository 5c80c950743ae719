import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, registerWithOrganisation } from '../accounts';
import { capturePhone, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn, signOut } from '../steps';

const product = useProduct();
const browser = useBrowser();

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function rowAction(page: Page, client: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${client}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function clientNames(page: Page): Promise<string[]> {
  const cells = page.locator('tbody tr td:nth-child(2)');
  return (await cells.allTextContents()).map((text) => text.replace(/Archived$/, '').trim());
}

describe('journey: from sign-up to managing clients', () => {
  it('signs up, creates an organisation and clients, edits, finds, sorts, archives, deletes, exports and signs out', async () => {
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    const account = newAccount('Robin Surveyor');

    // Sign up.
    await page.goto('/signup');
    await captureScreens(page, 'signup');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/organisations');
    await page.getByText('You are not a member of any organisation yet').waitFor();
    await captureScreens(page, 'organisations');

    // Create an organisation, skip its setup (preboarding) and land on its projects page.
    await page.getByLabel('Organisation name').fill('Harbour Site Inspections');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await expectPath(page, /^\/organisation-setup\/[^/]+\/preboarding\/start$/);
    await page.getByRole('button', { name: 'Skip setup' }).click();
    await expectPath(page, /^\/organisations\/[^/]+\/projects$/);
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByText('No projects yet').waitFor();
    await captureScreens(page, 'projects');
    await capturePhone(page, 'navigation', async () => {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('link', { name: 'Clients' }).waitFor();
    });
    const clientsPath = new URL(page.url()).pathname.replace(/projects$/, 'clients');

    // Open Clients: empty at first.
    await page.getByRole('link', { name: 'Clients' }).click();
    await expectPath(page, clientsPath);
    await page.getByText('No clients yet').waitFor();
    await captureScreens(page, 'clients-empty');

    // Create: a blank name is refused next to the field (422), then a real one is saved.
    await page.getByRole('button', { name: 'New client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await dialog.getByText('Required').waitFor();
    await captureScreens(page, 'client-form-error');
    await dialog.getByLabel('Name').fill('Northwind Construction');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await rowOf(page, 'Northwind Construction').waitFor();

    await page.getByRole('button', { name: 'New client' }).click();
    await dialog.getByLabel('Name').fill('Acme Roofing');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await rowOf(page, 'Acme Roofing').waitFor();
    await page.getByText('1–2 of 2').waitFor();

    // Edit.
    await rowAction(page, 'Northwind Construction', 'Edit');
    await dialog.getByLabel('Name').fill('Northwind Builders');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rowOf(page, 'Northwind Builders').waitFor();
    await captureScreens(page, 'clients');

    // Search (filter[search], debounced).
    await page.getByLabel('Search clients').fill('roof');
    await page.getByText('1–1 of 1').waitFor();
    await expect.poll(() => clientNames(page)).toEqual(['Acme Roofing']);
    await page.getByLabel('Search clients').fill('nothing like this');
    await page.getByText('No clients match your filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('1–2 of 2').waitFor();

    // Sort by name: ascending by default, descending after a click on the header.
    await expect.poll(() => clientNames(page)).toEqual(['Acme Roofing', 'Northwind Builders']);
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect.poll(() => clientNames(page)).toEqual(['Northwind Builders', 'Acme Roofing']);

    // Archive, find it among the archived, unarchive.
    await rowAction(page, 'Northwind Builders', 'Archive');
    await page.getByText('1–1 of 1').waitFor();
    await expect.poll(() => clientNames(page)).toEqual(['Acme Roofing']);
    await page.getByLabel('Show archived').check();
    await expect.poll(() => clientNames(page)).toEqual(['Northwind Builders']);
    await rowOf(page, 'Northwind Builders').getByText('Archived').waitFor();
    await rowAction(page, 'Northwind Builders', 'Unarchive');
    await page.getByText('No clients match your filters').waitFor();
    await page.getByLabel('Show archived').uncheck();
    await page.getByText('1–2 of 2').waitFor();

    // Bulk: check a row and archive it from the selection bar.
    await page.getByLabel('Select Acme Roofing').check();
    await page.getByText('1 selected').waitFor();
    await captureScreens(page, 'clients-selection');
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('1–1 of 1').waitFor();
    await expect.poll(() => clientNames(page)).toEqual(['Northwind Builders']);

    // Delete with confirmation.
    await rowAction(page, 'Northwind Builders', 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No clients yet').waitFor();

    // Export CSV: the file is built in the background; once ready, its link serves a CSV with
    // its header line.
    await page.getByLabel('Show archived').check();
    await rowOf(page, 'Acme Roofing').waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = page.getByRole('link', { name: /^Download clients.*\.csv/ });
    await download.waitFor({ timeout: 20_000 });
    const url = await download.getAttribute('href');
    const csv = await fetch(url ?? '');
    expect(csv.status).toBe(200);
    const [headerLine, ...rows] = (await csv.text()).trim().split(/\r?\n/);
    expect(headerLine).toMatch(/^ID,Name,/);
    expect(rows.some((row) => row.includes('Acme Roofing'))).toBe(true);

    // Sign out: back at /signin, and the clients page wants a sign-in again.
    await signOut(page);
    await page.goto(clientsPath);
    await expectPath(page, '/signin');
    await captureScreens(page, 'signin');
    await context.close();
  });
});

describe('journey: a long client list', () => {
  it('pages through 30 clients, 25 a page', async () => {
    const { account, slug, createClient } = await registerWithOrganisation(
      product.apiUrl,
      'Many Clients Ltd',
    );
    for (let number = 1; number <= 30; number += 1) {
      await createClient(`Client ${String(number).padStart(2, '0')}`);
    }
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(`/organisations/${slug}/clients`);
    await page.getByText('1–25 of 30').waitFor();
    await expect.poll(() => clientNames(page)).toHaveLength(25);
    await captureScreens(page, 'clients-paged');

    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('26–30 of 30').waitFor();
    await expect
      .poll(() => clientNames(page))
      .toEqual(['26', '27', '28', '29', '30'].map((number) => `Client ${number}`));
    await context.close();
  });
});
