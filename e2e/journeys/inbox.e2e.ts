import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** The navigation's inbox badge ("2 waiting"), or null while there is none. */
const badgeOf = async (page: Page) => {
  const badge = page.getByRole('navigation').getByLabel(/\d+ waiting/);
  return (await badge.count()) ? badge.first().getAttribute('aria-label') : null;
};

describe('journey: the inbox', () => {
  it('a manager sees how many sheets wait for them, approves one from the inbox, and the count drops', async () => {
    // One approval stage: the manager's approval is final.
    const scene = await sheetsScene(product.apiUrl, { oneStage: true });
    for (const seed of [21, 22]) {
      const job = await scene.createJob();
      await submittedSheetThroughApi(product.apiUrl, scene, job.id, generatedPng(640, 480, seed));
    }

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    // The badge asks for the counts alone, never the inbox's sheets.
    const inboxCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/inbox(\?|$)/.test(request.url())) inboxCalls.push(request.url());
    });
    await signIn(page, scene.manager);
    await expect.poll(() => badgeOf(page), { timeout: 30_000 }).toBe('2 waiting');
    expect(inboxCalls.length).toBeGreaterThan(0);
    expect(inboxCalls.every((url) => decodeURIComponent(url).includes('page[size]=0'))).toBe(true);

    await page.getByRole('navigation').getByRole('link', { name: /Inbox/ }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'To approve' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: /^Sheet \d+ · Door inspection$/ }).count())
      .toBe(2);
    await captureScreens(page, 'inbox-to-approve');

    await page.getByRole('button', { name: 'Approve sheet 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('I checked the work on site.').waitFor();
    await dialog
      .getByRole('checkbox', { name: 'I accept this declaration' })
      .check({ force: true });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => badgeOf(page)).toBe('1 waiting');
    await expect
      .poll(() =>
        page.getByRole('link', { name: /^Sheet \d+ · Door inspection$/ }).allTextContents(),
      )
      .toEqual(['Sheet 2 · Door inspection']);
    const { data: approved } = await scene.call<{ data: Array<{ number: number }> }>(
      'GET',
      '/job_sheets?filter[status]=APPROVED',
    );
    expect(approved.map((sheet) => sheet.number)).toEqual([1]);
    await captureScreens(page, 'inbox-after-approval');
    await context.close();
  });
});
