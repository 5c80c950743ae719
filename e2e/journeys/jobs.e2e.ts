import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { jobsScene } from '../jobs-steps';
import { choose, chooseRequired, rowOf } from '../settings-steps';
import { expectPath, signedInSession, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** The Monday of this week plus `days`, as YYYY-MM-DD (the board opens on this week). */
function thisWeek(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7) + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Drags with the real mouse, in steps, from one element's centre to another's. */
async function drag(page: Page, from: string, to: string) {
  const source = await page.locator(from).boundingBox();
  const target = await page.locator(to).boundingBox();
  if (!source || !target) throw new Error('Nothing to drag or nowhere to drop');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2, {
    steps: 5,
  });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 20 });
  await page.mouse.up();
}

describe('journey: jobs', () => {
  it('a manager sends an operative a job, the operative sees only theirs on a phone, the manager reschedules it on the board', async () => {
    const { adminAccount, admin, slug, worker, createJob } = await jobsScene(
      product.apiUrl,
      'Boiler Works Ltd',
    );
    // Someone else's job, which the operative must not see.
    await createJob({ reference: 'Roof survey', date: thisWeek(1) });

    const { context, page } = await signedInSession(browser.get(), product, adminAccount);
    await page.getByRole('link', { name: 'Jobs' }).first().click();
    await expectPath(page, `/organisations/${slug}/jobs`);
    await rowOf(page, 'Roof survey').waitFor();

    // Create a job for the operative on Monday of this week.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'New job' }).first().click();
    const dialog = page.getByRole('dialog');
    // Without a project it says what to do (not the id format), and its button is in sight.
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await dialog.getByText('Choose a project').waitFor();
    expect(await dialog.getByText(/hex id/).count()).toBe(0);
    const createButton = await dialog.getByRole('button', { name: 'Create job' }).boundingBox();
    expect(createButton!.y + createButton!.height).toBeLessThanOrEqual(900);
    // The project is required (its label carries the asterisk).
    await chooseRequired(page, 'Project', 'Harbour Flats');
    await dialog.getByLabel('Reference').fill('Boiler service');
    await choose(dialog, 'Operative', 'Wes Worker');
    await dialog.getByLabel('Date').fill(thisWeek(0));
    await dialog.getByLabel('Instructions').fill('Gas safety check, flat 4.');
    await captureScreens(page, 'job-create');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await rowOf(page, 'Boiler service').waitFor();
    await captureScreens(page, 'jobs-list');

    const { data: mine } = await admin.organisationCall<{
      data: Array<{ id: string; date: string; operative_id: string }>;
    }>('GET', '/jobs?filter[reference]=Boiler%20service');
    expect(mine).toHaveLength(1);
    const job = mine[0]!;
    expect(job).toMatchObject({ date: thisWeek(0), operative_id: worker.id });

    // The URL keeps the filters: only in-progress jobs, none yet.
    await page.goto(`/organisations/${slug}/jobs?status=IN_PROGRESS`);
    await page.getByText('No jobs match').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await rowOf(page, 'Boiler service').waitFor();

    // Its page: details, the transitions allowed now, and the timeline.
    await page.getByRole('link', { name: /Boiler service/ }).click();
    await expectPath(page, `/organisations/${slug}/jobs/${job.id}`);
    await page.getByText('Gas safety check, flat 4.').waitFor();
    await page.getByRole('button', { name: 'Start' }).waitFor();
    expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Timeline' }).getByText('Created').waitFor();
    await captureScreens(page, 'job-detail');

    // The operative, on a phone, sees only the job given to them.
    const phone = await newSession(browser.get(), product);
    const operativePage = await phone.newPage();
    await operativePage.setViewportSize(PHONE);
    await signIn(operativePage, worker.account);
    await operativePage.goto(`/organisations/${slug}/jobs`);
    await rowOf(operativePage, 'Boiler service').waitFor();
    expect(await operativePage.getByText('Roof survey').count()).toBe(0);
    await operativePage.getByText('1–1 of 1').waitFor();
    await operativePage.screenshot({
      path: 'screenshots/jobs-operative-phone.png',
      fullPage: true,
    });
    await phone.close();

    // The manager drags the job from Monday to Wednesday on the board.
    await page.goto(`/organisations/${slug}/jobs?view=board`);
    const handle = `[data-job="${job.id}"] button[aria-label^="Move"]`;
    const wednesday = `[data-cell="${worker.id}|${thisWeek(2)}"]`;
    await page.locator(handle).waitFor();
    // The week's last day is not cut off beside the navigation at 1440 px.
    const sunday = await page.locator(`[data-cell="${worker.id}|${thisWeek(6)}"]`).boundingBox();
    expect(sunday!.x + sunday!.width).toBeLessThanOrEqual(1440);
    await captureScreens(page, 'jobs-board');
    await drag(page, handle, wednesday);
    await page.locator(`${wednesday} [data-job="${job.id}"]`).waitFor();
    await expect
      .poll(
        async () =>
          (await admin.organisationCall<{ data: { date: string } }>('GET', `/jobs/${job.id}`)).data
            .date,
      )
      .toBe(thisWeek(2));

    // A started job cannot be rescheduled: the board says why and puts it back.
    await admin.organisationCall('POST', `/jobs/${job.id}/start_on_web`);
    await page.reload();
    await page.locator(`${wednesday} [data-job="${job.id}"]`).waitFor();
    const friday = `[data-cell="${worker.id}|${thisWeek(4)}"]`;
    await drag(page, handle, friday);
    await page.getByText('cannot be rescheduled', { exact: false }).waitFor();
    await page.locator(`${wednesday} [data-job="${job.id}"]`).waitFor();
    expect(
      (await admin.organisationCall<{ data: { date: string } }>('GET', `/jobs/${job.id}`)).data
        .date,
    ).toBe(thisWeek(2));
    await context.close();
  });
});
