import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PHONE, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { approvalsScene } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** A duration cell as days (exceljs reads a number formatted as a time as a Date from 1899-12-30). */
const days = (value: unknown) =>
  value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value);

describe('journey: timesheets', () => {
  it('an operative starts and stops work on a phone and sees the entry with its duration', async () => {
    const scene = await approvalsScene(product.apiUrl);
    const context = await newSession(browser.get(), product);
    await context.grantPermissions(['geolocation'], { origin: product.webUrl });
    await context.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 15 });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, scene.operative);
    await page.goto(`/organisations/${scene.slug}/timesheets`);
    await page.getByRole('heading', { name: 'Timesheets', level: 1 }).waitFor();
    await page.getByText('Not on the clock').waitFor();
    // the project worked on, from those the operative sees
    await page.getByRole('combobox', { name: 'Project (optional)' }).click();
    await page.getByRole('option', { name: 'Riverside Flats' }).click();
    await page.getByRole('button', { name: 'Start work' }).click();
    await page.getByRole('button', { name: 'Stop work' }).waitFor();
    await page.getByTestId('running-time').waitFor();
    await page.getByTestId('time-entry').first().getByText('Running').waitFor();
    await page.getByText('Project: Riverside Flats').waitFor();
    await captureScreens(page, 'timesheets-operative-running', { desktop: PHONE });

    await page.getByRole('button', { name: 'Stop work' }).click();
    await page.getByRole('button', { name: 'Start work' }).waitFor();
    const entry = page.getByTestId('time-entry').first();
    await entry.getByText('Running').waitFor({ state: 'detached' });
    expect(await entry.getByTestId('entry-duration').textContent()).toMatch(/^0h 0\dm$/);
    await captureScreens(page, 'timesheets-operative-stopped');

    // The entry recorded where the phone was, at both ends.
    const { data } = await scene.asOperative<{
      data: Array<{
        open: boolean;
        project_name: string | null;
        started_location_permission_granted: boolean;
        started_location: { latitude: number } | null;
        ended_location_permission_granted: boolean;
      }>;
    }>('GET', '/timesheets');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      open: false,
      project_name: 'Riverside Flats',
      started_location_permission_granted: true,
      started_location: { latitude: 51.5072 },
      ended_location_permission_granted: true,
    });
    await context.close();
  });

  it('a manager sees the week per member and builds its timesheets Excel, whose cells match the entries', async () => {
    const scene = await approvalsScene(product.apiUrl);
    const week = '2026-03-02';
    const entries = [
      ['2026-03-02T08:00:00Z', '2026-03-02T16:30:00Z'],
      ['2026-03-04T07:00:00Z', '2026-03-04T12:15:00Z'],
    ];
    for (const [started, ended] of entries) {
      await scene.call('POST', '/timesheets', {
        user_id: scene.operativeId,
        started_at: started,
        ended_at: ended,
        project_id: scene.projectId,
      });
    }
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/timesheets?week=${week}`);
    const table = page.getByTestId('week-table');
    const row = table.getByRole('row', { name: /Otto Operative/ });
    await row.getByRole('cell', { name: '13h 45m' }).waitFor();
    await row.getByRole('cell', { name: '8h 30m' }).waitFor();
    await captureScreens(page, 'timesheets-week');

    // A member's entries, in a drawer.
    await row.getByRole('button', { name: 'Otto Operative' }).click();
    await page.getByTestId('time-entries').getByText('5h 15m').waitFor();
    await captureScreens(page, 'timesheets-member-entries');
    await page.keyboard.press('Escape');

    // The week's Excel, built in the background and read back.
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Build Excel' }).click();
    const download = dialog.getByRole('link', { name: /^Download timesheets-2026-03-02.*\.xlsx/ });
    await download.waitFor({ timeout: 60_000 });
    const url = await download.getAttribute('href');
    const answer = await fetch(url ?? '');
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Week of 2 Mar 2026',
      'Totals',
    ]);
    const sheet = workbook.getWorksheet('Week of 2 Mar 2026')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Member',
      'Date',
      'Start',
      'End',
      'Duration',
      'Client',
      'Project',
      'Site',
      'Manual',
      'Overridden by',
      'Reason',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Otto Operative');
    expect((first.getCell(2).value as Date).toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(days(first.getCell(5).value)).toBeCloseTo(8.5 / 24, 6);
    expect(first.getCell(7).value).toBe('Riverside Flats');
    expect(first.getCell(9).value).toBe('Yes');
    const second = sheet.getRow(3);
    expect((second.getCell(2).value as Date).toISOString().slice(0, 10)).toBe('2026-03-04');
    expect(days(second.getCell(5).value)).toBeCloseTo(5.25 / 24, 6);
    const totals = workbook.getWorksheet('Totals')!.getRow(2);
    expect(totals.getCell(1).value).toBe('Otto Operative');
    expect(days(totals.getCell(3).value)).toBeCloseTo(13.75 / 24, 6);
    expect(totals.getCell(4).value).toBe('13h 45m');
    expect(totals.getCell(5).value).toBe(2);
    await captureScreens(page, 'timesheets-export');
    await context.close();
  });
});
