import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, animationsSettled, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn, signOut } from '../steps';

const product = useProduct();
const browser = useBrowser();

const statusOf = (page: Page) => page.getByTestId('sheet-status').textContent();

describe('journey: job sheet approvals', () => {
  it('a manager rejects a sheet, the operative fixes and resubmits it, two stages approve it; a duplicate photo blocks approval', async () => {
    const scene = await sheetsScene(product.apiUrl);
    await scene.call('PUT', `/projects/${scene.projectId}`, {
      duplicate_photo_detection: true,
      duplicate_photo_detection_prevent_approvals: true,
    });
    const photo = generatedPng(800, 600, 3);
    const firstJob = await scene.createJob();
    const sheetId = await submittedSheetThroughApi(product.apiUrl, scene, firstJob.id, photo);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);

    // The manager finds the submitted sheet on the job sheets page and rejects it.
    await page.goto(`/organisations/${scene.slug}/job_sheets`);
    await page.getByRole('link', { name: 'Sheet 1', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Submitted' }).click();
    await captureScreens(page, 'job-sheets-list');
    await page.getByRole('link', { name: 'Sheet 1', exact: true }).click();
    await expect.poll(() => statusOf(page)).toBe('Submitted');
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Say why the sheet is rejected.').waitFor();
    await dialog.getByLabel('Comments').fill('The damage question is wrong: the frame is split.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => statusOf(page)).toBe('Rejected');
    await page
      .getByTestId('decision-trail')
      .getByText(/Rejected by Mona Manager/)
      .waitFor();
    await signOut(page);

    // The operative, on a phone, sees why, fixes the answer and submits again.
    await page.setViewportSize(PHONE);
    await signIn(page, scene.operative);
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await page.getByRole('link', { name: 'Fix and resubmit' }).click();
    await page
      .getByTestId('rejection')
      .getByText(/the frame is split/)
      .waitFor();
    await page.getByRole('radio', { name: 'Yes' }).check({ force: true });
    await page.getByLabel('Describe the damage').fill('The frame is split at the hinge.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    const declaration = page.getByLabel('I inspected this door myself.');
    if (!(await declaration.isChecked())) await declaration.check({ force: true });
    await captureScreens(page, 'job-sheet-fix-rejected');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/job_sheets/${sheetId}$`));
    await expect.poll(() => statusOf(page)).toBe('Submitted');
    await signOut(page);

    // The manager approves it at both stages: the first in bulk from the list, with the stage's
    // declaration; the second from the sheet.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/job_sheets`);
    await page.getByRole('checkbox', { name: 'Select sheet 1' }).check({ force: true });
    await page.getByRole('button', { name: 'Approve' }).click();
    await acceptDeclaration(page);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('bulk-outcome').getByText('1 job sheet approved').waitFor();
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await page.getByText('Client sign-off').waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusOf(page)).toBe('Approved');
    await expect
      .poll(() =>
        page
          .getByTestId('decision-trail')
          .getByText(/^Approved by/)
          .count(),
      )
      .toBe(2);
    await captureScreens(page, 'job-sheet-approved');

    // The same photo on a second sheet is flagged, side by side, and approval is refused.
    const secondJob = await scene.createJob();
    const duplicateId = await submittedSheetThroughApi(product.apiUrl, scene, secondJob.id, photo);
    await page.goto(`/organisations/${scene.slug}/job_sheets/${duplicateId}`);
    await page.getByTestId('duplicate-photos').getByText('1 photo also on sheet 1').waitFor();
    await page.getByTestId('duplicate-photos').getByRole('link', { name: 'Sheet 1' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await acceptDeclaration(page);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('alert').waitFor();
    await captureScreens(page, 'job-sheet-duplicate-blocked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => statusOf(page)).toBe('Submitted');

    // The list can be narrowed to sheets with duplicates.
    await page.goto(`/organisations/${scene.slug}/job_sheets`);
    await page.getByLabel('Has duplicate photos').check({ force: true });
    await expect
      .poll(() => page.getByRole('link', { name: /^Sheet \d+$/ }).allTextContents())
      .toContain('Sheet 2');
    await context.close();
  });
});

/**
 * Ticks the approval dialog's declaration once the dialog has finished opening: a forced click
 * during its opening transition can land beside the box on a loaded machine.
 */
async function acceptDeclaration(page: Page) {
  const box = page.getByRole('dialog').getByRole('checkbox', { name: 'I accept this declaration' });
  await box.waitFor();
  await animationsSettled(page);
  await box.check({ force: true });
}
