import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { callApi } from '../identity';
import { pick, selectInput, solidPng, tokenOf } from '../setup-steps';
import { expectPath, signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: an admin sets up the organisation account', () => {
  it('changes currency and time zone, fills in report details and uploads a report logo', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Harbour Account Ltd');
    const { context, page } = await signedInSession(browser.get(), product, account);

    // Into the account area from clients: the way back leads there.
    await page.goto(`/organisations/${slug}/clients`);
    await page.getByText('No clients yet').waitFor();
    await page.getByRole('link', { name: 'Account' }).click();
    await expectPath(page, `/organisations/${slug}/account/organisation`);
    await page.getByRole('link', { name: 'Back to clients' }).waitFor();
    await page.getByRole('heading', { name: 'Organisation', exact: true }).waitFor();
    await captureScreens(page, 'account-organisation');

    // Currency and time zone from the server's lists.
    await pick(page, 'Currency', 'EUR', 'EUR · Euro (€)');
    await pick(page, 'Time zone', 'Dublin', 'Europe/Dublin');
    await page.getByRole('button', { name: 'Save organisation' }).click();
    await page.getByText('Organisation saved').waitFor();

    // Report details: a bad e-mail is refused beside its field, then saved.
    await page.getByLabel('Company name').fill('Harbour Account Ltd');
    await page.getByLabel('Report email').fill('not-an-address');
    await page.getByRole('button', { name: 'Save report details' }).click();
    await page.getByText('Must be a valid e-mail address').waitFor();
    await page.getByLabel('Report email').fill('reports@harbour.test');
    await page.getByRole('button', { name: 'Save report details' }).click();
    await page.getByText('Report details saved').waitFor();

    // A report logo: uploaded, normalised by the server and shown from its signed link.
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: solidPng(800, 300, [30, 90, 200]),
      });
    await page.getByText('Report logo uploaded').waitFor();
    const logo = page.getByRole('img', { name: 'Report logo' });
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(800);
    await page.getByText('800 × 300 px').waitFor();

    // Something that is not an image is refused by its content.
    await page
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a picture'),
      });
    await page.getByRole('alert').filter({ hasText: /image/i }).waitFor();
    await captureScreens(page, 'account-organisation-saved');

    // After a reload everything is as saved; the server agrees.
    await page.reload();
    await expect.poll(() => selectInput(page, 'Currency').inputValue()).toBe('EUR · Euro (€)');
    await expect.poll(() => selectInput(page, 'Time zone').inputValue()).toBe('Europe/Dublin');
    const token = await tokenOf(product.apiUrl, account.email, account.password);
    const { organisations } = await callApi<{
      organisations: Array<{ slug: string; options: Record<string, any> }>;
    }>(product.apiUrl, 'GET', '/me/context', undefined, token);
    const options = organisations.find((item) => item.slug === slug)?.options;
    expect(options).toMatchObject({
      currency_code: 'EUR',
      timezone: 'Europe/Dublin',
      report_options: { company_name: 'Harbour Account Ltd', email: 'reports@harbour.test' },
      files: {
        report_logo: { width: 800, height: 300, content_type: 'image/png' },
        report_cover_image: null,
      },
    });

    // Support: how to reach us.
    await page.getByRole('tab', { name: 'Support' }).click();
    await expectPath(page, `/organisations/${slug}/account/support`);
    await page.getByRole('button', { name: 'Open the chat' }).waitFor();
    await captureScreens(page, 'account-support');
    await page.getByRole('link', { name: 'Back to clients' }).click();
    await expectPath(page, `/organisations/${slug}/clients`);
    await context.close();
  });
});
