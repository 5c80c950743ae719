import { describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: a project’s hub', () => {
  it('a manager sees a project’s jobs, sheets by status, approvals waiting, forms, people and activity, and starts a new job there', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const first = await scene.createJob();
    await scene.createJob();
    const sheetId = await submittedSheetThroughApi(
      product.apiUrl,
      scene,
      first.id,
      generatedPng(640, 480, 31),
    );

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);
    await page.getByRole('link', { name: 'Riverside Flats' }).click();
    await expectPath(page, `/organisations/${scene.slug}/projects/${scene.projectId}`);
    await page.getByRole('heading', { name: 'Riverside Flats', level: 1 }).waitFor();

    const jobs = page.getByRole('region', { name: /^Open jobs/ });
    await jobs.getByRole('heading', { name: 'Open jobs (2)' }).waitFor();
    await jobs.getByRole('link', { name: `Job ${first.number}` }).waitFor();
    const sheets = page.getByRole('region', { name: 'Job sheets' });
    await sheets.getByRole('link', { name: /^Submitted\s*1$/ }).waitFor();
    await page
      .getByRole('region', { name: 'Waiting for approval' })
      .getByRole('link', { name: /^Sheet \d+ · Door inspection$/ })
      .waitFor();
    await page.getByRole('region', { name: 'Forms' }).getByText('Door inspection').waitFor();
    await page.getByRole('region', { name: 'Members' }).getByText('Otto Operative').waitFor();
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity.getByText(/^Sheet \d+: Submitted$/).waitFor();
    await captureScreens(page, 'project-hub');

    // The status tile opens the job sheets list filtered to the project and the status.
    await sheets.getByRole('link', { name: /^Submitted\s*1$/ }).click();
    await page.waitForURL(/\/job_sheets\?/);
    const address = new URL(page.url());
    expect(address.searchParams.get('project_id')).toBe(scene.projectId);
    expect(address.searchParams.get('status')).toBe('SUBMITTED');
    await page
      .getByRole('link', { name: /^Sheet \d+/ })
      .first()
      .waitFor();
    expect(await page.locator(`a[href$="/job_sheets/${sheetId}"]`).count()).toBeGreaterThan(0);
    await page.goBack();

    // "New job" on the hub opens the job form on this project.
    await page.getByRole('button', { name: 'New job' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create job' }).waitFor();
    await expect.poll(() => dialog.getByLabel(/^Project/).inputValue()).toBe('Riverside Flats');
    await captureScreens(page, 'project-hub-new-job');
    await context.close();
  });
});
