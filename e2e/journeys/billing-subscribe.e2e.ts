import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { addMember } from '../settings-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const billingUrl = (slug: string, page: string) => `/organisations/${slug}/billing/${page}`;
const subscriptionUrl = (slug: string, page: string) =>
  `/organisations/${slug}/subscription/${page}`;

async function billingTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

describe('journey: an owner on trial subscribes with the local ledger', () => {
  it('subscribes, changes seats after a preview, and opens the invoice PDF', async () => {
    const ownerAccount = newAccount('Olive Owner');
    const owner = await registerAdmin(product.apiUrl, ownerAccount, 'Harbour Billing Ltd');
    const { slug } = owner.organisation;
    await addMember(product.apiUrl, owner, 'Mo Manager', 'MANAGER');

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, ownerAccount);
    await page.goto(`/organisations/${slug}/clients`);
    await page.getByText('No clients yet').waitFor();

    // The shell shows the trial; the owner may subscribe from there.
    const planStatus = page.getByRole('alert', { name: 'Plan status' });
    await planStatus.getByText('14 days left').waitFor();
    await captureScreens(page, 'billing-trial-banner');
    await planStatus.getByRole('link', { name: 'Subscribe' }).click();
    await expectPath(page, subscriptionUrl(slug, 'signup'));
    await page.getByRole('heading', { name: 'Subscribe to Fieldwork' }).waitFor();
    await page.getByRole('link', { name: 'Back to clients' }).waitFor();
    await captureScreens(page, 'subscription-signup');

    // Billing details: a missing address is refused beside the field.
    const details = page.getByRole('form', { name: 'Billing details' });
    await details.getByLabel('Name on invoices').fill('Harbour Billing Ltd');
    await details.getByLabel('Billing e-mail').fill('accounts@harbour.test');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('Required').first().waitFor();
    await details.getByLabel(/^Address( \*)?$/).fill('1 Dock Road');
    await details.getByLabel('City').fill('Bristol');
    await details.getByLabel('Postcode').fill('BS1 1AA');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Billing details saved').waitFor();

    // A card: a number failing Luhn never leaves the browser; a test card is kept as last 4.
    const card = page.getByRole('form', { name: 'Card' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4241');
    await card.getByLabel('Expiry').fill('12/30');
    await card.getByRole('button', { name: 'Save card' }).click();
    await card.getByText('Not a valid card number').waitFor();
    await captureScreens(page, 'subscription-signup-card-error');
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Visa •••• 4242').waitFor();

    // Three seats: £108.00 plus 20 % tax.
    await page.getByLabel(/^Seats( \*)?$/).fill('3');
    await expect.poll(() => page.getByLabel('Total per month').textContent()).toContain('129.60');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expectPath(page, subscriptionUrl(slug, 'signup/success'));
    await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
    await page.getByText('Invoice INV-000001').waitFor();
    await page.getByText('Paid', { exact: true }).waitFor();
    await captureScreens(page, 'subscription-signup-success');

    // Back to where the owner came from, with the plan reloaded: no more trial, billing in reach.
    await page.getByRole('button', { name: 'Continue to clients' }).click();
    await expectPath(page, `/organisations/${slug}/clients`);
    await page.getByRole('link', { name: 'Billing' }).waitFor();
    await expect.poll(() => page.getByRole('alert', { name: 'Plan status' }).count()).toBe(0);

    // Billing overview.
    await page.getByRole('link', { name: 'Billing' }).click();
    await expectPath(page, billingUrl(slug, 'overview'));
    await page.getByText('2 of 3 in use').waitFor();
    await page.getByText('INV-000001').waitFor();
    await captureScreens(page, 'billing-overview');

    // Five seats: the prorated charge is shown before anything changes.
    await page.getByRole('link', { name: 'Change seats' }).click();
    await expectPath(page, subscriptionUrl(slug, 'update'));
    await page.getByLabel('New number of seats').fill('5');
    await page.getByRole('button', { name: 'Preview change' }).click();
    const preview = page.getByLabel('Preview');
    await preview.getByText('3 seats → 5 seats').waitFor();
    await preview.getByText(/charged now$/).waitFor();
    await captureScreens(page, 'subscription-update-preview');
    const overview = await owner.organisationCall<{ data: { seats: number } }>(
      'GET',
      '/stripe_subscription_data',
    );
    expect(overview.data.seats).toBe(3);
    await preview.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText('Seats changed').waitFor();
    await page.getByText(/Invoice INV-000002 for .* was issued and paid/).waitFor();
    await captureScreens(page, 'subscription-update-done');

    // Back down to four seats: a credit note.
    await page.getByLabel('New number of seats').fill('4');
    await page.getByRole('button', { name: 'Preview change' }).click();
    await preview.getByText(/credited$/).waitFor();
    await preview.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText(/Credit note CN-000001/).waitFor();

    // Subscription and payment-method pages.
    await page.getByRole('link', { name: 'Billing overview' }).click();
    await billingTab(page, 'Subscription');
    await expectPath(page, billingUrl(slug, 'subscription'));
    await page.getByText(/4 seats × £36\.00 per month/).waitFor();
    await captureScreens(page, 'billing-subscription');
    await billingTab(page, 'Payment method');
    await page.getByText('Visa •••• 4242').waitFor();
    await captureScreens(page, 'billing-payment-method');

    // Invoices: the list, the credit note, and the PDF behind its signed link.
    await billingTab(page, 'Invoices');
    await expectPath(page, billingUrl(slug, 'invoices'));
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.getByText('INV-000002').waitFor();
    await invoices.getByText('INV-000001').waitFor();
    await page.getByRole('table', { name: 'Credit notes' }).getByText('CN-000001').waitFor();
    await captureScreens(page, 'billing-invoices');

    // The new tab is sent to the signed link (Chromium downloads a PDF rather than showing it).
    const [pdfTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'PDF of INV-000002' }).click(),
    ]);
    const pdfRequest = await pdfTab.waitForRequest((request) => request.url().startsWith('http'));
    const pdf = await context.request.get(pdfRequest.url());
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await pdfTab.close();

    const [hostedTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'View INV-000001' }).click(),
    ]);
    await hostedTab.waitForURL((url) => url.href !== 'about:blank');
    await hostedTab.getByText('INV-000001').first().waitFor();
    await hostedTab.close();

    await context.close();
  });
});
