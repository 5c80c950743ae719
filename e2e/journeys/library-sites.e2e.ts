import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function chooseCsv(page: Page, name: string, csv: string) {
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

describe('journey: the library of sites', () => {
  it('creates a site with coordinates, sees it on a map, and imports two sites from CSV', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Mapped Sites Ltd');
    const { context, page } = await signedInSession(browser.get(), product, account);

    // The navigation's Library opens on its Sites tab.
    await page.getByRole('link', { name: 'Library' }).click();
    await expectPath(page, `/organisations/${slug}/library/sites`);
    await page.getByText('No sites yet').waitFor();
    await captureScreens(page, 'sites-empty');

    // Create a site by its address, in the organisation's country, with coordinates by hand.
    await page.getByRole('button', { name: 'New site' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Address line 1').fill('1 Riverside Walk');
    await dialog.getByLabel('Town or city').fill('Leeds');
    await dialog.getByLabel('Postcode').fill('LS1 4AP');
    await dialog.getByLabel('Latitude').fill('95');
    await dialog.getByLabel('Longitude').fill('-1.5461');
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await dialog.getByText('Latitude is a number between -90 and 90').waitFor();
    await dialog.getByLabel('Latitude').fill('53.7947');
    await dialog.getByLabel('what3words').fill('///filled.count.soap');
    await captureScreens(page, 'site-form');
    // Without a geocoder on this server, "Find coordinates" says so and keeps what was typed.
    await dialog.getByRole('button', { name: 'Find coordinates' }).click();
    await dialog.getByText('Finding coordinates is not set up on this server').waitFor();
    await expect.poll(() => dialog.getByLabel('Latitude').inputValue()).toBe('53.7947');
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await rowOf(page, '1 Riverside Walk').waitFor();
    await captureScreens(page, 'sites');

    // Its page shows the address and the map with the site's marker.
    await page.getByRole('link', { name: '1 Riverside Walk' }).click();
    await expectPath(page, /\/library\/sites\/[0-9a-f]{24}$/);
    await page.getByText('53.7947, -1.5461').waitFor();
    await page.getByText('///filled.count.soap').waitFor();
    const map = page.getByTestId('site-map');
    await map.waitFor();
    await expect
      .poll(() => map.evaluate((element) => element.classList.contains('leaflet-container')))
      .toBe(true);
    await map.locator('path.leaflet-interactive').waitFor();
    await captureScreens(page, 'site-detail');

    // Import: a file with a bad row cannot be imported; a good one creates both sites.
    await page.getByRole('link', { name: 'All sites' }).click();
    await rowOf(page, '1 Riverside Walk').waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await chooseCsv(page, 'bad.csv', 'Name,Country\nSomewhere,Narnia\n');
    await dialog.getByText('Country: Unknown country "Narnia"', { exact: false }).waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled())
      .toBe(true);
    await chooseCsv(
      page,
      'sites.csv',
      [
        'Name,Address line 1,City,Postcode,Country,Latitude,Longitude',
        'Canal Wharf,,Leeds,LS11 5PS,GB,53.7925,-1.5530',
        ',12 Dock Street,Hull,HU1 1AA,United Kingdom,,',
      ].join('\n'),
    );
    await dialog.getByText('Ready to import 2 sites.').waitFor();
    await captureScreens(page, 'sites-import');
    await dialog.getByRole('button', { name: 'Import 2 sites' }).click();
    await rowOf(page, 'Canal Wharf').waitFor();
    await rowOf(page, '12 Dock Street').waitFor();
    await page.getByText('1–3 of 3').waitFor();
    await context.close();
  });
});
