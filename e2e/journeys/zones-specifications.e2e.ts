import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, DESKTOP, newSession, PHONE, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { addMember, choose, rowAction } from '../settings-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface Priced {
  id: string;
  code: string | null;
  name: string;
  price: number;
  materials: Array<{ name: string }>;
  attribute_values: Array<{ value_number: number | null }>;
  price_items: Array<{ description: string; quantity: number; price: number; total: number }>;
  deleted_at?: string | null;
}

/** Types into a cell of the price items table (its inputs are named by aria-label). */
const cell = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('journey: a project’s zones and specifications', () => {
  it('a manager creates a specification with two price items and sees the total, edits and duplicates it, creates a zone and deletes and restores it, and reads the list on a phone', async () => {
    const adminAccount = newAccount('Olive Owner');
    const admin = await registerAdmin(product.apiUrl, adminAccount, 'Harbour Fire Protection');
    const { data: site } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/sites',
      { name: 'Harbour Works', address_line_1: 'Quay Street', city: 'Bristol', country: 'GB' },
    );
    const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Harbour Tower', site_id: site.id },
    );
    await admin.organisationCall('POST', '/materials', {
      name: 'Intumescent sealant',
      input_type_key: 'QUANTITY',
    });
    await admin.organisationCall('POST', `/projects/${project.id}/specification_attributes`, {
      name: 'Fire rating (minutes)',
      type: 'NUMBER',
    });
    const manager = await addMember(product.apiUrl, admin, 'Mo Manager', 'MANAGER');
    const specifications = () =>
      admin.organisationCall<{ data: Priced[] }>(
        'GET',
        `/specifications?filter[project_id]=${project.id}&sort=name&page=all`,
      );

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, manager.account);
    await page.goto(`/organisations/${admin.organisation.slug}/projects/${project.id}`);

    // From the project's page to its specifications: none yet.
    const card = page.getByRole('region', { name: 'Drawings and locations' });
    await card.getByRole('link', { name: 'Zones' }).waitFor();
    await captureScreens(page, 'project-locations-card');
    await card.getByRole('link', { name: 'Specifications' }).click();
    await page.getByRole('heading', { name: 'Specifications', level: 1 }).waitFor();
    await page.getByText('No specifications yet').waitFor();
    await captureScreens(page, 'specifications-empty');

    // A specification with a material, an attribute's value and two price items.
    await page.getByRole('button', { name: 'New specification' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New specification' });
    await dialog.getByLabel('Code').fill('S1');
    await dialog.getByLabel('Name').fill('Fire collar 110');
    await dialog.getByLabel('Price', { exact: true }).fill('125.00');
    await choose(dialog, 'Materials', 'Intumescent sealant');
    await dialog.getByLabel('Fire rating (minutes)').fill('60');
    await dialog.getByRole('button', { name: 'Add price item' }).click();
    await dialog.getByRole('button', { name: 'Add price item' }).click();
    await cell(page, 'Description of item 1').fill('Collar');
    await cell(page, 'Quantity of item 1').fill('3');
    await cell(page, 'Unit price of item 1').fill('19.99');
    await cell(page, 'Description of item 2').fill('Sealant');
    await cell(page, 'Quantity of item 2').fill('0.5');
    await cell(page, 'Unit price of item 2').fill('10.01');
    // 3 × £19.99 + 0.5 × £10.01 (rounded as the server rounds)
    await dialog.getByText('Items total: £64.98').waitFor();
    await captureScreens(page, 'specification-form');
    await dialog.getByRole('button', { name: 'Create specification' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Fire collar 110/ });
    await row.getByRole('cell', { name: /^£125\.00/ }).waitFor();
    await row.getByRole('cell', { name: /^£64\.98/ }).waitFor();
    const [created] = (await specifications()).data;
    expect(created).toMatchObject({
      code: 'S1',
      price: 12_500,
      materials: [{ name: 'Intumescent sealant' }],
      attribute_values: [expect.objectContaining({ value_number: 60 })],
    });
    expect(created?.price_items.map((item) => item.total)).toEqual([5_997, 501]);

    // Edited: one more collar and a new name; the total follows.
    await rowAction(page, 'S1 · Fire collar 110', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit specification' });
    await edit.getByLabel('Name').fill('Fire collar 110 mm');
    await cell(page, 'Quantity of item 1').fill('4');
    await edit.getByText('Items total: £84.97').waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Fire collar 110 mm/ })
      .getByRole('cell', { name: /^£84\.97/ })
      .waitFor();

    // Duplicated: a copy beside it, with the same items.
    await rowAction(page, 'S1 · Fire collar 110 mm', 'Duplicate');
    await page.getByRole('row', { name: /Fire collar 110 mm \(copy\)/ }).waitFor();
    const both = (await specifications()).data;
    expect(both).toHaveLength(2);
    expect(both.map((item) => item.price_items.length)).toEqual([2, 2]);
    await captureScreens(page, 'specifications-list');

    // The specifications report from the same page, built in the background and read back.
    await page.getByRole('button', { name: 'Specifications report' }).click();
    const report = page.getByRole('dialog', { name: 'Report of the project’s specifications' });
    await report.getByText('Excel workbook').click();
    await report.getByRole('button', { name: 'Build Excel' }).click();
    const download = report.getByRole('link', { name: /^Download .*\.xlsx/ });
    await download.waitFor({ timeout: 45_000 });
    const file = await context.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 2).toString()).toBe('PK'); // a zip: the workbook
    await captureScreens(page, 'specifications-report');
    await report.getByRole('button', { name: 'Done' }).click();

    // On a phone the list keeps each row's menu in view.
    await page.setViewportSize(PHONE);
    const menu = page.getByRole('button', {
      name: 'Actions for S1 · Fire collar 110 mm',
      exact: true,
    });
    // the layout settles after the resize
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    // Zones: one created, deleted to the bin, and restored from "Show deleted".
    await page.getByRole('link', { name: 'Zones', exact: true }).click();
    await page.getByRole('heading', { name: 'Zones', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New zone' }).first().click();
    const zoneDialog = page.getByRole('dialog', { name: 'New zone' });
    await zoneDialog.getByLabel('Code').fill('Z1');
    await zoneDialog.getByLabel('Name').fill('Riser cupboards');
    await zoneDialog.getByLabel('Price', { exact: true }).fill('50');
    await zoneDialog.getByRole('button', { name: 'Create zone' }).click();
    await zoneDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Riser cupboards/ })
      .getByRole('cell', { name: /^£50\.00/ })
      .waitFor();
    await rowAction(page, 'Z1 · Riser cupboards', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete zone' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No zones yet').waitFor();
    // the switch follows the address (a navigation): clicked, and the list watched
    await page.getByLabel('Show deleted').click();
    await page
      .getByRole('row', { name: /Riser cupboards/ })
      .getByText(/^Deleted /)
      .waitFor();
    await captureScreens(page, 'zones-deleted');
    await rowAction(page, 'Z1 · Riser cupboards', 'Restore');
    await page.getByText('No deleted zones match your filters').waitFor();
    await page.getByLabel('Show deleted').click();
    await page.getByRole('row', { name: /Riser cupboards/ }).waitFor();
    const { data: zone } = await admin.organisationCall<{ data: Priced[] }>(
      'GET',
      `/zones?filter[project_id]=${project.id}&page=all`,
    );
    expect(zone).toEqual([expect.objectContaining({ name: 'Riser cupboards', deleted_at: null })]);
    await context.close();
  });
});
