import { describe, expect, it } from 'vitest';
import { PHONE, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { drawSignature, sheetsScene } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

// Saving waits for a debounce and the server; a shared CI machine can take a while.
const SAVE_WAIT = { timeout: 30_000 };

describe('journey: an operative fills in a job sheet on a phone', () => {
  it('starts a sheet from the job, answers a conditional question, adds a photo and a signature, and submits', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, scene.operative);
    await page.goto(`/organisations/${scene.slug}/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Start Door inspection' }).click();
    await page.waitForURL(/\/job_sheets\/[0-9a-f]{24}\/fill/);
    await page.getByText('Step 1 of 2').waitFor();

    // Back on the job: the sheet in progress is resumed, not a blank second one.
    const sheetUrl = page.url();
    await page.goBack();
    await page.getByRole('button', { name: 'Resume Door inspection' }).click();
    await page.waitForURL(sheetUrl);
    await page.getByText('Step 1 of 2').waitFor();
    const { data: sheets } = await scene.asOperative<{ data: unknown[] }>(
      'GET',
      `/job_sheets?filter[job_id]=${job.id}&page=all`,
    );
    expect(sheets).toHaveLength(1);

    // The damage question appears only once the door is said to be damaged.
    expect(await page.getByLabel('Describe the damage').count()).toBe(0);
    await page.getByRole('radio', { name: 'Yes' }).check({ force: true });
    await page.getByLabel('Describe the damage').fill('Split along the lock stile.');

    // Next is refused while the required photo is missing, with the message beside it.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('This question needs an answer.').waitFor();

    await page.getByLabel('Photo of the door: choose photos').setInputFiles({
      name: 'door.png',
      mimeType: 'image/png',
      buffer: generatedPng(640, 480, 7),
    });
    await expect
      .poll(() => page.locator('[data-photo-status="uploaded"]').count(), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), SAVE_WAIT)
      .toBe('saved');
    await captureScreens(page, 'job-sheet-fill-step-1');

    // Saved as it goes: a reload keeps the answers.
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Describe the damage').inputValue())
      .toBe('Split along the lock stile.');
    await page.setViewportSize(PHONE);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Accept the declaration to submit.').waitFor();
    await drawSignature(page, 'Operative signature');
    await page.getByLabel('I inspected this door myself.').check({ force: true });
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), SAVE_WAIT)
      .toBe('saved');
    await captureScreens(page, 'job-sheet-fill-step-2');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/\/job_sheets\/[0-9a-f]{24}$/);
    await expect.poll(() => page.getByTestId('sheet-status').textContent()).toBe('Submitted');
    await page.getByText('Split along the lock stile.').waitFor();
    await page.getByRole('img', { name: /Signature of Otto Operative/ }).waitFor();
    await captureScreens(page, 'job-sheet-detail-submitted');
    await context.close();
  });
});
