import { describe, expect, it } from 'vitest';
import { captureScreens, capturePhone, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { sheetsScene } from '../sheets-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('journey: an operative’s home on the phone', () => {
  it('an operative lands on today’s and upcoming jobs, the sheet to resume and the inbox, without the manager’s areas or the trial', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const today = await scene.createJob();
    const { data: todays } = await scene.call<{
      data: { form_ids: string[]; operative_id: string };
    }>('GET', `/jobs/${today.id}`);
    const { data: later } = await scene.call<{ data: { id: string; number: number } }>(
      'POST',
      '/jobs',
      {
        project_id: scene.projectId,
        operative_id: todays.operative_id,
        form_ids: todays.form_ids,
        date: day(3),
        reference: 'Stair core doors',
      },
    );
    // A sheet the operative started and left half-filled.
    await scene.asOperative('POST', '/job_sheets', {
      job_id: today.id,
      form_id: todays.form_ids[0],
    });

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.operative);
    await expectPath(page, `/organisations/${scene.slug}/home`);
    await page.getByRole('heading', { name: 'Hello, Otto', level: 1 }).waitFor();
    const todaySection = page.getByRole('region', { name: 'Today' });
    await todaySection.getByRole('link', { name: `Job ${today.number}` }).waitFor();
    await page
      .getByRole('region', { name: 'Upcoming' })
      .getByRole('link', { name: `Job ${later.number} · Stair core doors` })
      .waitFor();
    await page
      .getByRole('region', { name: 'Sheets to resume' })
      .getByRole('link', { name: 'Resume Door inspection' })
      .waitFor();
    await page
      .getByRole('region', { name: 'Inbox' })
      .getByText(/jobs? due today/)
      .waitFor();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    for (const area of ['Clients', 'Library', 'Settings'])
      expect(await nav.getByRole('link', { name: area }).count()).toBe(0);
    // The trial is the owner's to act on, not the operative's.
    expect(await page.getByText('Free trial').count()).toBe(0);
    await captureScreens(page, 'operative-home');
    await capturePhone(page, 'operative-home-navigation', async () => {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await nav.getByRole('link', { name: 'Home' }).waitFor();
    });

    // Resuming the sheet opens the one in progress, not a new one.
    await page.getByRole('link', { name: 'Resume Door inspection' }).click();
    await expectPath(page, /\/job_sheets\/[0-9a-f]{24}\/fill$/);
    const { data: sheets } = await scene.call<{ data: unknown[] }>(
      'GET',
      `/job_sheets?filter[job_id]=${today.id}`,
    );
    expect(sheets).toHaveLength(1);
    await context.close();

    // The owner still lands on projects, with every area and the trial.
    const owner = await newSession(browser.get(), product);
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, scene.manager);
    await expectPath(ownerPage, `/organisations/${scene.slug}/projects`);
    await ownerPage.getByText('Free trial').waitFor();
    await ownerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Clients' })
      .waitFor();
    await owner.close();
  });
});
