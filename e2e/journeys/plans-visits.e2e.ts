import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { addMember, choose, chooseRequired } from '../settings-steps';
import { expectPath, reorderWithKeyboard, signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

type Plan = { id: string; reference: string; operative_view_order: number };

describe('journey: daily job plans and visits', () => {
  it("a manager plans an operative's day, reorders it from the keyboard, and deletes and restores a visit", async () => {
    const adminAccount = newAccount('Ada Admin');
    const admin = await registerAdmin(product.apiUrl, adminAccount, 'Plan Works Ltd');
    const { slug } = admin.organisation;
    const worker = await addMember(product.apiUrl, admin, 'Wes Worker', 'OPERATIVE');
    await admin.organisationCall('POST', '/forms', { name: 'Boiler checklist' });
    await admin.organisationCall('POST', '/visits', {
      reference: 'Harbour Flats trip',
      notes: 'Keys with the concierge.',
    });

    const { context, page } = await signedInSession(browser.get(), product, adminAccount);
    await page.getByRole('link', { name: 'Jobs' }).first().click();
    await expectPath(page, `/organisations/${slug}/jobs`);
    await page.getByText('Plans', { exact: true }).click();
    await page.getByText('No plans for this day').waitFor();
    await captureScreens(page, 'plans-empty');

    // Two plans for the operative today, the first with a form.
    for (const [reference, instructions] of [
      ['Boiler service', 'Gas safety check, flat 4.'],
      ['Van stock check', 'Count the fittings left.'],
    ] as const) {
      await page.getByRole('button', { name: 'New plan' }).first().click();
      const dialog = page.getByRole('dialog');
      // The operative is required (its label carries the asterisk).
      await chooseRequired(page, 'Operative', 'Wes Worker');
      await dialog.getByLabel('Reference').fill(reference);
      if (reference === 'Boiler service') await choose(dialog, 'Forms', 'Boiler checklist');
      await dialog.getByLabel('Instructions').fill(instructions);
      if (reference === 'Boiler service') await captureScreens(page, 'plan-create');
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(reference, { exact: true }).waitFor();
    }
    await captureScreens(page, 'plans-day');

    const dayPlans = async () =>
      (
        await admin.organisationCall<{ data: Plan[] }>(
          'GET',
          `/daily_job_plans?filter[operative_id]=${worker.id}&sort=operative_view_order`,
        )
      ).data.map((plan) => plan.reference);
    await expect.poll(dayPlans).toEqual(['Boiler service', 'Van stock check']);

    // Move "Van stock check" first with the keyboard (the drag handle's keyboard mode).
    await reorderWithKeyboard(page, 'Reorder Van stock check', [
      { key: 'Space', announced: /Van stock check.*position 2 of 2/ },
      { key: 'ArrowUp', announced: 'Van stock check moved to position 1 of 2.' },
    ]);
    await expect.poll(dayPlans).toEqual(['Van stock check', 'Boiler service']);

    // Visits: delete the visit, find it among the deleted ones, restore it.
    await page.getByText('Visits', { exact: true }).click();
    await page.getByText('Harbour Flats trip').waitFor();
    await captureScreens(page, 'visits-list');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No visits yet').waitFor();
    await page.getByLabel('Show deleted visits').check();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('No deleted visits').waitFor();
    const { data: visits } = await admin.organisationCall<{ data: Array<{ deleted_at: null }> }>(
      'GET',
      '/visits',
    );
    expect(visits).toHaveLength(1);
    await context.close();
  });
});
