import { describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { sheetsScene } from '../sheets-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface SheetAnswer {
  id: string;
  name: string;
  form_field_id: string;
}

describe('journey: search that finds the work', () => {
  it('a manager finds a job sheet by a word of its answers from the top search and in the job sheets list, and a job by its reference', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();
    await scene.call('PUT', `/jobs/${job.id}`, { reference: 'Riser cupboard L3' });
    const { data: formIds } = await scene.call<{ data: { form_ids: string[] } }>(
      'GET',
      `/jobs/${job.id}`,
    );
    const { data: sheet } = await scene.asOperative<{
      data: { id: string; number: number; field_values: SheetAnswer[] };
    }>('POST', '/job_sheets', { job_id: job.id, form_id: formIds.form_ids[0] });
    const field = (name: string) =>
      sheet.field_values.find((value) => value.name === name)!.form_field_id;
    await scene.asOperative('PATCH', `/job_sheets/${sheet.id}`, {
      field_values: [
        { form_field_id: field('Is the door damaged?'), value_boolean: true },
        {
          form_field_id: field('Describe the damage'),
          value_string: 'Cracked vision panel beside the lower hinge',
        },
      ],
    });
    // Another sheet, whose answers say nothing of it.
    await scene.asOperative('POST', '/job_sheets', {
      job_id: (await scene.createJob()).id,
      form_id: formIds.form_ids[0],
    });

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);

    // The top search: a word of the answers, as a prefix.
    const search = page.getByRole('textbox', { name: 'Quick search' });
    await search.fill('vision pan');
    const results = page.getByRole('listbox');
    await results.getByText('Job sheets', { exact: true }).waitFor();
    await results.getByRole('option', { name: `#${sheet.number} Door inspection` }).waitFor();
    await search.press('Enter');
    await expectPath(page, `/organisations/${scene.slug}/job_sheets/${sheet.id}`);

    // The job sheets list's own search, kept in the address across a reload.
    await page.goto(`/organisations/${scene.slug}/job_sheets`);
    const box = page.getByRole('textbox', {
      name: 'Search sheets: number, form, reference or answers',
    });
    await box.fill('cracked hinge');
    await page.waitForURL((url) => url.searchParams.get('search') === 'cracked hinge');
    await expect
      .poll(() => page.getByRole('link', { name: /^Sheet \d+/ }).allTextContents())
      .toEqual([`Sheet ${sheet.number}`]);
    await page.reload();
    await expect.poll(() => box.inputValue()).toBe('cracked hinge');
    await expect.poll(() => page.getByRole('link', { name: /^Sheet \d+/ }).count()).toBe(1);
    await captureScreens(page, 'job-sheets-search');

    // The jobs list searches references.
    await page.goto(`/organisations/${scene.slug}/jobs`);
    await page.getByRole('textbox', { name: 'Search jobs: number or reference' }).fill('riser');
    await page.waitForURL((url) => url.searchParams.get('search') === 'riser');
    await page.getByRole('link', { name: `Job ${job.number} · Riser cupboard L3` }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Job \d+/ }).count()).toBe(1);
    await captureScreens(page, 'jobs-search');
    await context.close();
  });
});
