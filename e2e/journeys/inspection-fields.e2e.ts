import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHONE, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();
const SAVE_WAIT = { timeout: 30_000 };
const hex = () => randomBytes(12).toString('hex');

describe('journey: inspection field types', () => {
  it('builds a survey with time, instructions, pass / fail / N/A and a table; an operative fills it on a phone; the sheet shows the score and the rows', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const hingesId = hex();
    const columns = { where: hex(), gap: hex(), kind: hex(), fire: hex(), smoke: hex() };
    const survey = {
      name: 'Fire door survey',
      sections: [
        {
          name: 'Survey',
          fields: [
            { name: 'Arrived at', type: 'TIME', required: true },
            {
              name: 'Before you start',
              type: 'INSTRUCTION',
              description: 'Open each door to 90 degrees and let it close on its own.',
            },
            { id: hingesId, name: 'Hinges', type: 'PASS_FAIL', required: true, score: 2 },
            { name: 'Signage', type: 'PASS_FAIL' },
            {
              name: 'Why did the hinges fail?',
              type: 'TEXT',
              required: true,
              conditional: { field_id: hingesId, value: 'FAIL' },
            },
            { name: 'Evidence', type: 'PHOTO' },
            {
              name: 'Gap readings',
              type: 'TABLE',
              required: true,
              columns: [
                { id: columns.where, name: 'Door', type: 'TEXT', required: true },
                { id: columns.gap, name: 'Gap (mm)', type: 'NUMBER', required: true },
                {
                  id: columns.kind,
                  name: 'Kind',
                  type: 'SELECT',
                  options: [
                    { id: columns.fire, name: 'Fire door' },
                    { id: columns.smoke, name: 'Smoke door' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const { data: form } = await scene.call<{ data: { id: string } }>('POST', '/forms', survey);
    await scene.call('POST', `/projects/${scene.projectId}/forms/sync`, { form_ids: [form.id] });
    // The members list answers active, inactive and invited members.
    const { active: members } = await scene.call<{ active: { id: string; name: string }[] }>(
      'GET',
      '/members',
    );
    const { data: job } = await scene.call<{ data: { id: string } }>('POST', '/jobs', {
      project_id: scene.projectId,
      operative_id: members.find((member) => member.name === 'Otto Operative')!.id,
      form_ids: [form.id],
      date: new Date().toISOString().slice(0, 10),
    });

    // The manager's builder: the table's columns and the preview's pass / fail buttons.
    const managerContext = await newSession(browser.get(), product);
    const manager = await managerContext.newPage();
    await signIn(manager, scene.manager);
    await manager.goto(`/organisations/${scene.slug}/library/forms/${form.id}`);
    await manager.getByText('Gap readings').first().click();
    await manager.getByText('Columns', { exact: true }).waitFor();
    await expect.poll(() => manager.getByLabel('Column 2').inputValue()).toBe('Gap (mm)');
    const preview = manager.getByTestId('form-preview');
    await preview.getByRole('radio', { name: 'Fail' }).first().click();
    await preview.getByText('Why did the hinges fail?').waitFor();
    await preview.getByText('Score so far: 0 of 2 points (0%)').waitFor();
    await captureScreens(manager, 'inspection-builder');
    await managerContext.close();

    // The operative, on a phone.
    const context = await newSession(browser.get(), product);
    // The phone grants its location: photos are stamped with it.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 9 });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, scene.operative);
    await page.goto(`/organisations/${scene.slug}/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Start Fire door survey' }).click();
    await page.waitForURL(/\/job_sheets\/[0-9a-f]{24}\/fill/);
    await page.getByText('Open each door to 90 degrees').waitFor();
    await page.getByLabel('Arrived at').fill('08:30');
    await page
      .getByRole('radiogroup', { name: 'Hinges' })
      .getByRole('radio', { name: 'Fail' })
      .click();
    await page.getByLabel('Why did the hinges fail?').fill('The top hinge is loose.');
    await page
      .getByRole('radiogroup', { name: 'Signage' })
      .getByRole('radio', { name: 'N/A' })
      .click();
    await page.getByLabel('Evidence: choose photos').setInputFiles({
      name: 'hinge.png',
      mimeType: 'image/png',
      buffer: generatedPng(640, 480, 11),
    });
    await expect
      .poll(() => page.locator('[data-photo-status="uploaded"]').count(), { timeout: 20_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Add row' }).click();
    const row = page.getByTestId('row-1');
    await row.getByLabel('Door').fill('Stair core, level 2');
    await row.getByLabel('Gap (mm)').fill('3.5');
    await row.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Fire door' }).click();
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByTestId('row-2').getByLabel('Door').fill('Plant room');
    await page.getByText('Score so far: 0 of 2 points (0%)').waitFor();
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), SAVE_WAIT)
      .toBe('saved');
    // The second row's gap is still missing: submit names it.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Row 2: Gap (mm)', { exact: false }).first().waitFor();
    await captureScreens(page, 'inspection-fill');
    await page.setViewportSize(PHONE);
    await page.getByTestId('row-2').getByLabel('Gap (mm)').fill('4');
    await page
      .getByRole('radiogroup', { name: 'Hinges' })
      .getByRole('radio', { name: 'Pass' })
      .click();
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), SAVE_WAIT)
      .toBe('saved');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/job_sheets\/[0-9a-f]{24}$/);
    await page.getByTestId('sheet-score').getByText('100%', { exact: true }).waitFor();
    await page.getByText('2 of 2 points (100%) · 1 passed, 0 failed, 1 N/A').waitFor();
    await page.getByRole('cell', { name: 'Stair core, level 2', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Fire door', exact: true }).waitFor();
    const body = await page.locator('main').innerText();
    expect(body).not.toMatch(/N_A|PASS_FAIL|PASS\b|FAIL\b/);
    await captureScreens(page, 'inspection-sheet');

    // The photo viewer: when and where it was taken, a caption, zoom and the original.
    await page.getByRole('button', { name: 'Open photo of Evidence' }).click();
    const details = page.getByTestId('photo-details');
    await details.getByText('51.50720, -0.12760 (within 9 m)').waitFor();
    await details.getByText(/^Taken /).waitFor();
    await page.getByRole('link', { name: 'Download' }).waitFor();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('region', { name: 'Evidence, zoomed in' }).waitFor();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    expect(await details.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await captureScreens(page, 'inspection-photo-viewer');
    await context.close();
  });
});
