import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { sheetsScene } from '../sheets-steps';
import { selectInput } from '../setup-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const prices = (page: Page) => page.getByTestId('sheet-material-price').allTextContents();

/** Chooses an option of a (not searchable) Mantine Select; a priced input type says so. */
async function choose(page: Page, label: string, option: string) {
  await selectInput(page, label).click();
  await page.getByRole('option', { name: new RegExp(`^${option}( \\(priced\\))?$`) }).click();
}

describe('journey: materials, a rate set and the prices it gives', () => {
  it('creates two materials and a tiered rate set, prices a sheet’s materials, changes a tier and recalculates', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();
    const { data: jobRead } = await scene.call<{ data: { form_ids: string[] } }>(
      'GET',
      `/jobs/${job.id}`,
    );
    const { data: sheet } = await scene.asOperative<{ data: { id: string } }>(
      'POST',
      '/job_sheets',
      {
        job_id: job.id,
        form_id: jobRead.form_ids[0],
      },
    );
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    const dialog = page.getByRole('dialog');
    await page.setViewportSize(DESKTOP);
    await signIn(page, scene.manager);

    // Library → Materials: one counted by diameter, one by area.
    await page.goto(`/organisations/${scene.slug}/library/materials`);
    const newMaterial = async (name: string, type: string) => {
      await page.getByRole('button', { name: 'New material' }).first().click();
      await dialog.getByLabel('Name').fill(name);
      await choose(page, 'Input type', type);
      await dialog.getByRole('button', { name: 'Create material' }).click();
      await page.getByRole('cell', { name }).first().waitFor();
    };
    await newMaterial('Pipe collar', 'Quantity and diameter');
    await newMaterial('Fire batt', 'Square metres');
    await captureScreens(page, 'library-materials');

    // The materials import offers the input types to fill its Input type column with.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importMaterials = page.getByRole('dialog', { name: 'Import materials' });
    const inputTypes = page.waitForResponse((response) =>
      response.url().includes('/import_file/materials_csv/input_types_url'),
    );
    await importMaterials.getByRole('button', { name: 'Input types' }).click();
    expect((await inputTypes).status()).toBe(200);
    await page.keyboard.press('Escape');
    await importMaterials.waitFor({ state: 'detached' });

    // Library → Rate sets: a group, a set, a tier by diameter and a rate per m².
    await page.goto(`/organisations/${scene.slug}/library/rate_sets`);
    await page.getByRole('button', { name: 'New rate group' }).click();
    await dialog.getByLabel('Name').fill('Charge');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: 'New rate set' }).click();
    await dialog.getByLabel('Name').fill('Standard');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Save rates').waitFor();
    await choose(page, 'Input type', 'Quantity and diameter');
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await dialog.getByLabel('Diameter up to 1').fill('110');
    await dialog.getByLabel('Fixed amount 1').fill('5');
    await dialog.getByLabel('Rate per item 1').fill('25.00');
    await choose(page, 'Input type', 'Square metres');
    await dialog.getByLabel('Rate per m² above every tier').fill('18.50');
    await captureScreens(page, 'rate-set-editor');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The set is the project's default; its materials are the library's.
    const { data: sets } = await scene.call<{ data: Array<{ id: string; name: string }> }>(
      'GET',
      '/rate_sets',
    );
    const standard = sets.find((set) => set.name === 'Standard')!;
    await scene.call('PUT', `/projects/${scene.projectId}`, {
      default_rate_set_ids: [standard.id],
    });
    const { data: materials } = await scene.call<{ data: Array<{ id: string; name: string }> }>(
      'GET',
      '/materials?sort=name',
    );
    await scene.call('POST', '/materials/add_to_project', {
      ids: materials.map((material) => material.id),
      project_id: scene.projectId,
    });

    // The operative records 3 collars of 100 mm and half a square metre of batt.
    const byName = (name: string) => materials.find((material) => material.name === name)!.id;
    await scene.asOperative('POST', '/job_sheet_materials', {
      job_sheet_id: sheet.id,
      material_id: byName('Pipe collar'),
      quantity: 3,
      diameter_in_mm: 100,
    });
    await scene.asOperative('POST', '/job_sheet_materials', {
      job_sheet_id: sheet.id,
      material_id: byName('Fire batt'),
      square_metres: 0.5,
    });
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheet.id}`);
    await expect.poll(() => prices(page)).toEqual(['£80.00', '£9.25']);
    await captureScreens(page, 'job-sheet-material-prices');

    // The tier changes: nothing moves until the project's rates are recalculated.
    await page.goto(`/organisations/${scene.slug}/library/rate_sets`);
    await page.getByRole('button', { name: 'Standard', exact: true }).click();
    await choose(page, 'Input type', 'Quantity and diameter');
    await dialog.getByLabel('Rate per item 1').fill('30.00');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheet.id}`);
    await expect.poll(() => prices(page)).toEqual(['£80.00', '£9.25']);

    await page.goto(`/organisations/${scene.slug}/projects/${scene.projectId}/settings/general`);
    await page.getByRole('button', { name: 'Recalculate rates' }).click();
    await page.getByText('Rates recalculated: 2 materials priced again').waitFor();
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheet.id}`);
    await expect.poll(() => prices(page)).toEqual(['£95.00', '£9.25']);

    // The batt's own price in the Standard set (£20 a m² instead of the set's £18.50), then copied
    // to another material measured by area; recalculated, the sheet's half metre costs £10.00.
    const { data: wool } = await scene.call<{ data: { id: string } }>('POST', '/materials', {
      name: 'Mineral wool',
      input_type_key: 'SQUARE_METRES',
    });
    await page.goto(`/organisations/${scene.slug}/library/materials`);
    await page.getByRole('button', { name: 'Actions for Fire batt' }).click();
    await page.getByRole('menuitem', { name: 'Prices in rate sets…' }).click();
    const pricesDialog = page.getByRole('dialog', { name: 'Prices of Fire batt' });
    const inStandard = pricesDialog.getByRole('region', { name: 'Standard' });
    await inStandard.getByLabel('Own prices').click();
    await inStandard.getByLabel('Rate per m² above every tier').fill('20.00');
    await captureScreens(page, 'material-own-prices');
    await pricesDialog.getByRole('button', { name: 'Save prices' }).click();
    await pricesDialog.waitFor({ state: 'hidden' });
    const batt = materials.find((material) => material.name === 'Fire batt')!;
    const { data: entries } = await scene.call<{
      data: Array<{ use_custom: boolean; custom: { rate: number } | null }>;
    }>('GET', `/materials/${batt.id}/rates`);
    expect(entries).toEqual([expect.objectContaining({ use_custom: true })]);
    expect(entries[0]?.custom?.rate).toBe(2000);
    await page.getByRole('button', { name: 'Actions for Fire batt' }).click();
    await page.getByRole('menuitem', { name: 'Prices in rate sets…' }).click();
    await pricesDialog.getByLabel('Copy the saved prices to').click();
    await page.getByRole('option', { name: 'Mineral wool' }).click();
    await pricesDialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Prices copied to 1 material').waitFor();
    const { data: copied } = await scene.call<{ data: Array<{ custom: { rate: number } | null }> }>(
      'GET',
      `/materials/${wool.id}/rates`,
    );
    expect(copied[0]?.custom?.rate).toBe(2000);
    await pricesDialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/organisations/${scene.slug}/projects/${scene.projectId}/settings/general`);
    await page.getByRole('button', { name: 'Recalculate rates' }).click();
    await page.getByText('Rates recalculated: 2 materials priced again').waitFor();
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheet.id}`);
    await expect.poll(() => prices(page)).toEqual(['£95.00', '£10.00']);

    // The project's own prices from a CSV in its settings: a rate set named after the project
    // becomes its default for Charge; recalculated, the sheet is priced by it.
    await page.goto(`/organisations/${scene.slug}/projects/${scene.projectId}/settings/materials`);
    await page.getByRole('button', { name: 'Import prices' }).click();
    const importing = page.getByRole('dialog', { name: 'Import the project’s prices' });
    await importing.locator('input[type=file]').setInputFiles({
      name: 'project-prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Material,Rate group,For up to,Fixed amount,Rate\nPipe collar,Charge,110,5,20.00\nFire batt,Charge,,,30.00\n',
      ),
    });
    await importing.getByRole('button', { name: 'Import 2 price rows' }).click();
    await importing.waitFor({ state: 'detached' });
    await page.getByText('Imported 1 rate set').waitFor(); // two rows: one set's prices
    await page
      .getByText(/Charge: .* \(own prices\)/)
      .first()
      .waitFor();
    await captureScreens(page, 'project-prices-imported');
    await page.goto(`/organisations/${scene.slug}/projects/${scene.projectId}/settings/general`);
    await page.getByRole('button', { name: 'Recalculate rates' }).click();
    await page.getByText('Rates recalculated: 2 materials priced again').waitFor();
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheet.id}`);
    await expect.poll(() => prices(page)).toEqual(['£65.00', '£15.00']);
    await context.close();
  });
});
