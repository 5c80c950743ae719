import { describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: a job’s PDF report', () => {
  it('the manager builds a job PDF from the job page, follows it, opens it and finds it on the Reports page', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();
    await submittedSheetThroughApi(product.apiUrl, scene, job.id, generatedPng(640, 480, 21));
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    const dialog = page.getByRole('dialog');

    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('heading', { name: /^Report of Job/ }).waitFor();
    await dialog.getByLabel('Photo size').waitFor();
    await captureScreens(page, 'report-export');
    await dialog.getByRole('button', { name: 'Build PDF' }).click();
    const download = dialog.getByRole('link', { name: /^Download .+\.pdf/ });
    await download.waitFor({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
    await captureScreens(page, 'report-ready');

    // Open it: the link serves the PDF itself.
    const href = await download.getAttribute('href');
    const file = await context.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The Reports page lists it, ready, with its size and expiry.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `Job #${job.number} PDF report` });
    await row.waitFor();
    await row.getByText('Ready').waitFor();
    await row.getByRole('button', { name: 'Rebuild' }).waitFor();
    await captureScreens(page, 'reports');
  });
});
