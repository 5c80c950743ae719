import { describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: productivity', () => {
  it('a manager opens Productivity, filters by a project, sees the seeded work and builds the Excel', async () => {
    // Seeded through the API: a sheet submitted and approved (one stage), a location completed,
    // and a second project with nothing on it.
    const scene = await sheetsScene(product.apiUrl, { oneStage: true });
    const job = await scene.createJob();
    const sheetId = await submittedSheetThroughApi(
      product.apiUrl,
      scene,
      job.id,
      generatedPng(640, 480, 33),
    );
    await scene.call('POST', `/job_sheets/${sheetId}/approve`, {
      declaration_accepted: true,
    });
    const { data: done } = await scene.call<{ data: { id: string } }>(
      'POST',
      `/projects/${scene.projectId}/location_statuses`,
      { name: 'Sealed', type: 'COMPLETED' },
    );
    const { data: location } = await scene.call<{ data: { id: string } }>('POST', '/locations', {
      project_id: scene.projectId,
    });
    await scene.call('PUT', `/locations/${location.id}`, { status_id: done.id });
    await scene.call('POST', '/projects', { name: 'Harbour View' });

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/projects`);
    await page.getByRole('link', { name: 'Productivity' }).first().click();
    await page.getByRole('heading', { name: 'Productivity', level: 1 }).waitFor();
    await page.getByLabel('Job sheets submitted: 1').waitFor();
    await page.getByLabel('Locations completed: 1').waitFor();

    // Filtered by the project: its figures stay, kept in the address.
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Riverside Flats' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('project')).toBe(scene.projectId);
    await page.getByLabel('Job sheets approved: 1').waitFor();
    const table = page.getByRole('table', { name: 'Productivity by member' });
    const row = table.getByRole('row').filter({ hasText: 'Otto Operative' });
    await row.waitFor();
    expect(await row.textContent()).toContain('1');
    await page.getByRole('heading', { name: 'Job sheets and locations' }).waitFor();
    await captureScreens(page, 'productivity');

    // The other project: nothing recorded.
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Harbour View' }).click();
    await page.getByText('Nothing recorded in this period').waitFor();
    await captureScreens(page, 'productivity-empty');

    // Back to Riverside Flats, by project, and exported.
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Riverside Flats' }).click();
    await page.getByText('By project', { exact: true }).click();
    await page
      .getByRole('table', { name: 'Productivity by project' })
      .getByRole('row')
      .filter({ hasText: 'Riverside Flats' })
      .waitFor();
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Build Excel' }).click();
    const download = dialog.getByRole('link', { name: /^Download .+\.xlsx/ });
    await download.waitFor({ timeout: 45_000 });
    const file = await context.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
    await captureScreens(page, 'productivity-export');
  });
});
