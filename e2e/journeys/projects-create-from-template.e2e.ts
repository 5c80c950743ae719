import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { capturePhone, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { choose } from '../settings-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface LibraryTemplate {
  id: string;
  name: string;
  forms: Array<{ name: string }>;
  location_statuses: Array<{ name: string }>;
}

interface Project {
  id: string;
  name: string;
  client_name: string | null;
  reference: string | null;
  library_project_template_id?: string;
}

const statusChips = (page: Page) =>
  page.getByRole('region', { name: 'Location statuses' }).getByRole('listitem');

describe('journey: a project from a library template', () => {
  it('creates a project from a library template, sees its statuses on the overview and finds it through the global search', async () => {
    const account = newAccount('Sam Manager');
    const admin = await registerAdmin(product.apiUrl, account, 'Quayside Inspections');
    const slug = admin.organisation.slug;
    await admin.organisationCall('POST', '/clients', { name: 'Northwind Construction' });
    const { data: library } = await admin.organisationCall<{ data: LibraryTemplate[] }>(
      'GET',
      '/library_project_templates',
    );
    const template = library[0];
    if (!template) throw new Error('The product library has no project templates');

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);

    // Projects is the default page: empty at first.
    await page.goto(`/organisations/${slug}`);
    await expectPath(page, `/organisations/${slug}/projects`);
    await page.getByText('No projects yet').waitFor();
    await captureScreens(page, 'projects-empty');

    // New project → from a template: the library shows each template's forms and statuses.
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('radio', { name: /From a template/ }).click();
    const card = dialog.getByRole('radio', { name: template.name });
    await card.waitFor();
    for (const status of template.location_statuses) {
      await dialog.getByText(status.name, { exact: true }).first().waitFor();
    }
    await card.click();
    await dialog.getByLabel('Name').fill('Harbour Tower');
    await dialog.getByLabel('Reference').fill('HT-2026');
    await choose(dialog, 'Client', 'Northwind Construction');
    await captureScreens(page, 'project-create-from-template');
    await dialog.getByRole('button', { name: 'Create project' }).click();

    // The overview opens with the template's location statuses, in its order.
    await expectPath(page, new RegExp(`^/organisations/${slug}/projects/[0-9a-f]{24}$`));
    const projectId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { name: 'Harbour Tower', level: 1 }).waitFor();
    await page.getByText('HT-2026 · Northwind Construction').waitFor();
    await expect
      .poll(async () => (await statusChips(page).allTextContents()).map((text) => text.trim()))
      .toEqual(template.location_statuses.map((status) => status.name));
    await captureScreens(page, 'project-overview');

    // The API agrees: created from that template, statuses copied.
    const { data: saved } = await admin.organisationCall<{
      data: Project & { location_statuses: Array<{ name: string }> };
    }>('GET', `/projects/${projectId}?expand[]=location_statuses`);
    expect(saved).toMatchObject({ name: 'Harbour Tower', client_name: 'Northwind Construction' });
    expect(saved.location_statuses.map((status) => status.name)).toEqual(
      template.location_statuses.map((status) => status.name),
    );

    // The list shows it, and keeps its filters in the URL across a reload.
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.getByRole('row').filter({ hasText: 'Harbour Tower' }).waitFor();
    await page.getByLabel('Search projects').fill('tower');
    await expect.poll(() => new URL(page.url()).search).toBe('?search=tower');
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Harbour Tower' }).waitFor();
    await expect.poll(() => page.getByLabel('Search projects').inputValue()).toBe('tower');
    await captureScreens(page, 'projects-list');

    // The global search finds it as you type; Enter opens its overview.
    await page.goto(`/organisations/${slug}/clients`);
    const search = page.getByRole('textbox', { name: 'Quick search' });
    await search.fill('harb');
    const results = page.getByRole('listbox');
    await results.getByRole('option', { name: 'Harbour Tower' }).waitFor();
    await results.getByText('Projects', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('global-search-desktop') });
    await search.press('Enter');
    await expectPath(page, `/organisations/${slug}/projects/${projectId}`);

    // Set its site from the library's sites: the overview shows the address and the map.
    await admin.organisationCall('POST', '/sites', {
      address_line_1: '1 Harbour Road',
      city: 'Bristol',
      postcode: 'BS1 5TT',
      country: 'GB',
      coordinates: { lat: 51.4485, lng: -2.5982 },
    });
    await page.getByRole('button', { name: 'Set site' }).click();
    const siteDialog = page.getByRole('dialog', { name: 'Set site' });
    await siteDialog.getByLabel('Site', { exact: true }).and(page.locator('input')).fill('harbour');
    await page.getByRole('option', { name: /1 Harbour Road/ }).click();
    await siteDialog.getByRole('button', { name: 'Save' }).click();
    const siteCard = page.getByRole('region', { name: 'Site' });
    await siteCard.getByText(/^1 Harbour Road, Bristol, BS1 5TT, United Kingdom/).waitFor();
    await siteCard.getByRole('region', { name: 'Map of 1 Harbour Road' }).waitFor();
    const { data: withSite } = await admin.organisationCall<{ data: { site_id: string | null } }>(
      'GET',
      `/projects/${projectId}`,
    );
    expect(withSite.site_id).not.toBeNull();
    await captureScreens(page, 'project-overview-site');

    // Nothing found says so.
    await search.fill('zzzz');
    await page.getByText('No matches for “zzzz”').waitFor();
    await search.press('Escape');

    // On a phone the search is an icon that opens a full-width field.
    await capturePhone(page, 'global-search', async () => {
      await page.getByRole('button', { name: 'Open quick search' }).click();
      await page.getByRole('textbox', { name: 'Quick search' }).fill('north');
      await page.getByRole('option', { name: 'Northwind Construction' }).waitFor();
    });
    await context.close();
  });
});

function screenshotPath(name: string): string {
  return new URL(`../../screenshots/${name}.png`, import.meta.url).pathname;
}
