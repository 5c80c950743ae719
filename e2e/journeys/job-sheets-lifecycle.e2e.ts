import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn, signOut } from '../steps';

const product = useProduct();
const browser = useBrowser();

const statusOf = (page: Page) => page.getByTestId('sheet-status').textContent();
const materialLines = (page: Page) => page.getByTestId('sheet-material').allTextContents();

type Scene = Awaited<ReturnType<typeof sheetsScene>>;

/** The project's statuses "Started" and "Fixed", and its form setting "Fixed" on submit. */
async function automateLocationStatus(scene: Scene) {
  const status = async (name: string, type: string) =>
    (
      await scene.call<{ data: { id: string } }>(
        'POST',
        `/projects/${scene.projectId}/location_statuses`,
        { name, type },
      )
    ).data.id;
  await status('Started', 'ACTIVE');
  const fixed = await status('Fixed', 'COMPLETED');
  const { data: forms } = await scene.call<{ data: Array<{ id: string }> }>(
    'GET',
    `/projects/${scene.projectId}/forms?page=all`,
  );
  await scene.call('PUT', `/projects/${scene.projectId}/forms/${forms[0]!.id}`, {
    location_status_automation: { on_submit_job_sheet: fixed },
  });
  return fixed;
}

describe('journey: a job sheet’s lifecycle', () => {
  it('the operative unsubmits, records materials and resubmits with a location status; the manager rejects, edits the rejection and cancels', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const fixedId = await automateLocationStatus(scene);
    const job = await scene.createJob();
    const sheetId = await submittedSheetThroughApi(
      product.apiUrl,
      scene,
      job.id,
      generatedPng(640, 480, 11),
    );
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    const dialog = page.getByRole('dialog');

    // The operative, on a phone, takes the submitted sheet back: nobody has decided on it yet.
    await page.setViewportSize(PHONE);
    await signIn(page, scene.operative);
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await expect.poll(() => statusOf(page)).toBe('Submitted');
    expect(await page.getByRole('button', { name: 'Cancel sheet' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Unsubmit' }).click();
    await dialog.getByRole('button', { name: 'Unsubmit' }).click();
    await expect.poll(() => statusOf(page)).toBe('In progress');

    // On the sheet's last step they record the materials used: added, corrected, one removed.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    const addMaterial = async (name: string, quantity: string) => {
      await page.getByRole('button', { name: 'Add material' }).click();
      await dialog.getByLabel('Material').fill(name);
      await dialog.getByLabel('Quantity').fill(quantity);
      await dialog.getByRole('button', { name: 'Add material' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await page.getByRole('button', { name: 'Add material' }).click();
    await dialog.getByRole('button', { name: 'Add material' }).click();
    await dialog.getByText('Name the material.').waitFor();
    // A negative quantity is refused with the reason (not saved as 0).
    await dialog.getByLabel('Material').fill('Washers');
    await dialog.getByLabel('Quantity').fill('-2');
    await dialog.getByRole('button', { name: 'Add material' }).click();
    await dialog.getByText('Must be 0 or more').waitFor();
    await expect.poll(() => dialog.getByLabel('Quantity').inputValue()).toBe('-2');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await addMaterial('Intumescent strip', '3');
    await addMaterial('Hinge screws', '12');
    await expect.poll(() => materialLines(page)).toHaveLength(2);
    await page.getByRole('button', { name: 'Edit Intumescent strip' }).click();
    await dialog.getByLabel('Quantity').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => materialLines(page)).toContain('Intumescent stripQty 5');
    await page.getByRole('button', { name: 'Remove Hinge screws' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => materialLines(page)).toEqual(['Intumescent stripQty 5']);
    await captureScreens(page, 'job-sheet-fill-materials');

    // Submitting asks for the location's new status, starting from the one the form sets.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('What state is the location in').waitFor();
    await expect.poll(() => dialog.getByLabel('New location status').inputValue()).toBe('Fixed');
    await captureScreens(page, 'job-sheet-submit-location-status');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/job_sheets/${sheetId}$`));
    await expect.poll(() => statusOf(page)).toBe('Submitted');
    const { data: submitted } = await scene.call<{
      data: { location_status_id: string | null; materials: Array<{ quantity: number }> };
    }>('GET', `/job_sheets/${sheetId}`);
    expect(submitted.location_status_id).toBe(fixedId);
    expect(submitted.materials.map((material) => material.quantity)).toEqual([5]);
    // Submitted: the materials are shown, no longer changed.
    await expect.poll(() => materialLines(page)).toEqual(['Intumescent stripQty 5']);
    await expect.poll(() => page.getByRole('button', { name: 'Add material' }).count()).toBe(0);
    await signOut(page);

    // The manager rejects it, then rewords the rejection, then cancels the sheet.
    await page.setViewportSize(DESKTOP);
    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel('Comments').fill('Photo is blurred.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => statusOf(page)).toBe('Rejected');
    await page.getByRole('button', { name: 'Edit rejection' }).click();
    const reason = dialog.getByLabel('Why the sheet is rejected');
    await expect.poll(() => reason.inputValue()).toBe('Photo is blurred.');
    await reason.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Say why the sheet is rejected.').waitFor();
    await reason.fill('Photo is blurred: retake it in daylight.');
    await captureScreens(page, 'job-sheet-edit-rejection');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('decision-trail')
      .getByText('Photo is blurred: retake it in daylight.')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel sheet' }).click();
    await dialog.getByRole('button', { name: 'Cancel sheet' }).click();
    await expect.poll(() => statusOf(page)).toBe('Cancelled');
    await expect
      .poll(() => page.getByRole('button', { name: /Cancel sheet|Edit rejection/ }).count())
      .toBe(0);
    await captureScreens(page, 'job-sheet-cancelled');
    await context.close();
  });
});
