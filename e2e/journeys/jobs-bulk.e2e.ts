import { describe, expect, it } from 'vitest';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { jobsScene } from '../jobs-steps';
import { chooseRequired, dateFromToday, rowOf } from '../settings-steps';
import { expectPath, signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: jobs in bulk, deleted, and on a visit', () => {
  it('a manager starts three jobs at once and reads why one was refused, deletes a started job from its page, and puts a new job on a visit', async () => {
    const { adminAccount, admin, slug, worker, project, createJob } = await jobsScene(
      product.apiUrl,
      'Bulk Works Ltd',
    );
    const job = (reference: string) =>
      createJob({ reference, operative_id: worker.id, date: dateFromToday(1) });
    const gutters = await job('Gutter clear');
    const boiler = await job('Boiler service');
    const roof = await job('Roof survey');
    await admin.organisationCall('POST', `/jobs/${roof.id}/cancel`);
    await admin.organisationCall('POST', '/visits', {
      reference: 'Harbour trip',
      project_id: project.id,
      date: dateFromToday(2),
    });

    const { context, page } = await signedInSession(browser.get(), product, adminAccount);
    await page.goto(`/organisations/${slug}/jobs`);
    for (const reference of ['Gutter clear', 'Boiler service', 'Roof survey'])
      await page.getByRole('checkbox', { name: new RegExp(`${reference}$`) }).check();
    await page.getByText('3 selected').waitFor();
    await captureScreens(page, 'jobs-bulk-selected');

    // Start all three: the cancelled one is refused, with the reason, by its title.
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const results = page.getByRole('dialog', { name: '1 job not started' });
    await results.getByText('Started 2 jobs; these were refused:').waitFor();
    await results
      .getByTestId('bulk-failures')
      .getByText(`Job ${roof.number} · Roof survey`)
      .waitFor();
    await results.getByText('A job that is CANCELLED cannot be started.').waitFor();
    await captureScreens(page, 'jobs-bulk-results');
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'hidden' });
    const statusOf = async (id: string) =>
      (await admin.organisationCall<{ data: { status: string } }>('GET', `/jobs/${id}`)).data
        .status;
    await expect.poll(() => statusOf(gutters.id)).toBe('IN_PROGRESS');
    await expect.poll(() => statusOf(boiler.id)).toBe('IN_PROGRESS');
    await expect.poll(() => statusOf(roof.id)).toBe('CANCELLED');
    await rowOf(page, 'Boiler service').getByText('In progress').waitFor();
    await captureScreens(page, 'jobs-list-after-bulk');

    // A started job is deleted from its page: the confirmation says the recorded work goes too.
    await page.getByRole('link', { name: /Gutter clear/ }).click();
    await expectPath(page, `/organisations/${slug}/jobs/${gutters.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', {
      name: `Delete Job ${gutters.number} · Gutter clear`,
    });
    await confirm.getByText('although it is in progress', { exact: false }).waitFor();
    await captureScreens(page, 'job-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete anyway' }).click();
    await expectPath(page, `/organisations/${slug}/jobs`);
    await rowOf(page, 'Boiler service').waitFor();
    await rowOf(page, 'Gutter clear').waitFor({ state: 'detached' });
    await expect(admin.organisationCall('GET', `/jobs/${gutters.id}`)).rejects.toThrow(/404/);

    // A new job on the project's visit: the visit shows on the job's page.
    await page.getByRole('button', { name: 'New job' }).first().click();
    const dialog = page.getByRole('dialog');
    await chooseRequired(page, 'Project', 'Harbour Flats');
    await dialog.getByLabel('Reference').fill('Meter reading');
    await dialog.getByLabel('Visit', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: /^Harbour trip · / }).click();
    await captureScreens(page, 'job-create-visit');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await rowOf(page, 'Meter reading').waitFor();
    await page.getByRole('link', { name: /Meter reading/ }).click();
    await page.getByText(/^Harbour trip · /).waitFor();
    await captureScreens(page, 'job-detail-visit');

    await context.close();
  });
});
