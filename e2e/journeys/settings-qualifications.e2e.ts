import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { addMember, choose, dateFromToday, rowOf, settingsUrl } from '../settings-steps';
import { signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: qualifications and their expiry', () => {
  it('adds a qualification with an attachment and sees expiring and expired ones flagged', async () => {
    const adminAccount = newAccount('Ada Admin');
    const admin = await registerAdmin(product.apiUrl, adminAccount, 'Certified Works Ltd');
    const { slug } = admin.organisation;
    const worker = await addMember(product.apiUrl, admin, 'Wes Worker', 'OPERATIVE');
    // Already on file: one without expiry, and one that ran out.
    await admin.organisationCall('POST', '/qualifications', {
      user_id: worker.id,
      name: 'Manual handling',
    });
    await admin.organisationCall('POST', '/qualifications', {
      user_id: worker.id,
      name: 'CSCS card',
      reference: 'CS-991',
      expiry_date: dateFromToday(-3),
    });

    const { context, page } = await signedInSession(browser.get(), product, adminAccount);
    await page.goto(settingsUrl(slug, 'qualifications'));
    await rowOf(page, 'CSCS card').getByText('Expired 3 days ago').waitFor();
    await page.getByLabel('1 expired').waitFor();

    // Add one that expires in 10 days, with a certificate attached.
    await page.getByRole('button', { name: 'New qualification' }).click();
    const dialog = page.getByRole('dialog');
    await choose(dialog, 'Member', 'Wes Worker');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('First aid at work');
    await dialog.getByLabel('Reference').fill('FA-2231');
    await dialog.getByLabel('Expiry date').fill(dateFromToday(10));
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'first-aid.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% first aid certificate\n'),
    });
    await dialog.getByText('first-aid.pdf').waitFor();
    await captureScreens(page, 'settings-qualification-form');
    await dialog.getByRole('button', { name: 'Add qualification' }).click();
    await page.getByText('First aid at work added').waitFor();

    const firstAid = rowOf(page, 'First aid at work');
    await firstAid.getByText('Expires in 10 days').waitFor();
    await page.getByLabel('1 expiring soon').waitFor();
    await captureScreens(page, 'settings-qualifications');

    // The attachment downloads through its signed link.
    const href = await firstAid.getByRole('link', { name: /first-aid\.pdf/ }).getAttribute('href');
    const download = await fetch(new URL(href ?? '', product.apiUrl));
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('first aid certificate');

    // Filter chips: what needs attention is one click away.
    const chip = (label: string) =>
      page
        .getByRole('group', { name: 'Expiry status' })
        .locator('label')
        .filter({ hasText: new RegExp(`^${label}`) });
    await chip('Expiring soon').click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await firstAid.waitFor();
    await chip('Expired').click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await rowOf(page, 'CSCS card').waitFor();
    await captureScreens(page, 'settings-qualifications-expired');
    await chip('All').click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);

    // Renewing the expired card clears the flag.
    await rowOf(page, 'CSCS card').getByRole('button', { name: 'Actions for CSCS card' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog.getByLabel('Expiry date').fill(dateFromToday(400));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rowOf(page, 'CSCS card').getByText('Valid').waitFor();
    await page.getByLabel('0 expired').waitFor();
    await context.close();
  });
});
