import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { capturePhone, captureScreens, newSession, PHONE, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** A one-page floor plan as a PDF (pdfkit, the library the reports are written with). */
function floorPlanPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Block A · Ground floor', 40, 30);
    doc.lineWidth(4).rect(40, 70, 760, 490).stroke();
    doc.lineWidth(2);
    for (const x of [230, 420, 610]) doc.moveTo(x, 70).lineTo(x, 560).stroke();
    doc.moveTo(40, 320).lineTo(800, 320).stroke();
    doc.end();
  });
}

/** The colour drawn on the pins' canvas at a point of the page, as [r, g, b]. */
async function canvasColourAt(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        '[data-testid=drawing-viewer] canvas.leaflet-zoom-animated',
      );
      if (!canvas) return [];
      const box = canvas.getBoundingClientRect();
      const scaleX = canvas.width / box.width;
      const scaleY = canvas.height / box.height;
      const data = canvas
        .getContext('2d')
        ?.getImageData(
          Math.round((px - box.left) * scaleX),
          Math.round((py - box.top) * scaleY),
          1,
          1,
        ).data;
      return data ? [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0] : [];
    },
    [x, y] as const,
  );
}

const near = (colour: number[], hex: string) => {
  const want = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return (
    colour.length === 3 && colour.every((value, index) => Math.abs(value - (want[index] ?? 0)) < 40)
  );
};

/** The ring of a pin (its status's colour) sits 10 px right of its centre. */
const RING = 10;
const GREY = '#868e96';
const GREEN = '#2f9e44';

describe('journey: a drawing with its locations', () => {
  it('uploads a PDF drawing, drops three pins, changes a status and sees the pin change colour, filters by status, moves a pin with undo, and opens a QR label signed in and signed out', async () => {
    const account = newAccount('Dana Surveyor');
    const admin = await registerAdmin(product.apiUrl, account, 'Riverside Fire Stopping');
    const { data: site } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/sites',
      {
        name: 'Riverside Works',
        address_line_1: 'Wharf Street',
        city: 'Leeds',
        country: 'GB',
      },
    );
    const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Riverside Tower', site_id: site.id },
    );
    const { data: block } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/blocks',
      { project_id: project.id, site_id: site.id, name: 'Block A' },
    );
    await admin.organisationCall('POST', '/levels', { block_id: block.id, name: 'Ground' });
    await admin.organisationCall('POST', '/levels', { block_id: block.id, name: 'First' });

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    const projectUrl = `/organisations/${admin.organisation.slug}/projects/${project.id}`;

    // From the project's page to its drawings, and a PDF uploaded for the level.
    await page.goto(projectUrl);
    await page
      .getByRole('region', { name: 'Drawings and locations' })
      .getByRole('link', { name: 'Drawings' })
      .click();
    await page.getByRole('heading', { name: 'Drawings', level: 1 }).waitFor();
    const level = page.getByRole('region', { name: 'Block A · Ground' });
    await level.locator('input[type=file]').setInputFiles({
      name: 'ground-floor.pdf',
      mimeType: 'application/pdf',
      buffer: await floorPlanPdf(),
    });
    // converted on the queue: the name becomes a link once the page is rendered
    const drawingLink = level.getByRole('link', { name: 'ground-floor' });
    await drawingLink.waitFor({ timeout: 60_000 });
    await captureScreens(page, 'drawings-by-level');
    await drawingLink.click();
    const viewer = page.getByTestId('drawing-viewer');
    await viewer.waitFor();
    await expect.poll(() => viewer.getAttribute('data-pins')).toBe('0');

    // Three pins dropped on the sheet.
    const sheet = viewer.getByRole('application');
    const box = await sheet.boundingBox();
    if (!box) throw new Error('No drawing on the page');
    const spots = [
      { x: box.x + box.width * 0.35, y: box.y + box.height * 0.4 },
      { x: box.x + box.width * 0.5, y: box.y + box.height * 0.55 },
      { x: box.x + box.width * 0.62, y: box.y + box.height * 0.45 },
    ];
    await page.getByRole('button', { name: 'Add locations' }).click();
    for (const spot of spots) {
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/locations') && response.request().method() === 'POST',
      );
      await page.mouse.click(spot.x, spot.y);
      expect((await created).status()).toBe(201);
    }
    await page.getByRole('button', { name: 'Done adding' }).click();
    await expect.poll(() => viewer.getAttribute('data-pins')).toBe('3');
    await expect.poll(() => page.getByTestId('pin-count').textContent()).toBe('3 locations');
    const saved = await admin.organisationCall<{
      data: Array<{ number: number; drawing_pos_top: number; drawing_pos_left: number }>;
    }>('GET', `/locations?filter[project_id]=${project.id}&sort=number&page=all`);
    expect(saved.data.map((location) => location.number)).toEqual([1, 2, 3]);
    for (const location of saved.data) {
      expect(location.drawing_pos_top).toBeGreaterThan(0);
      expect(location.drawing_pos_left).toBeLessThan(1);
    }
    // New locations take the first PENDING status: grey rings.
    const [first] = spots as [{ x: number; y: number }];
    await expect
      .poll(() => canvasColourAt(page, first.x + RING, first.y))
      .toSatisfy((colour: number[]) => near(colour, GREY));

    // The first pin opened and set to Completed: its ring turns green, the legend counts it.
    await page.mouse.click(first.x, first.y);
    const panel = page.getByRole('region', { name: 'Location 1' });
    await panel.waitFor();
    await panel.getByLabel('Status').click();
    const updated = page.waitForResponse(
      (response) =>
        /\/locations\/\w+$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await page.getByRole('option', { name: 'Completed' }).click();
    expect((await updated).status()).toBe(200);
    await expect
      .poll(() => canvasColourAt(page, first.x + RING, first.y))
      .toSatisfy((colour: number[]) => near(colour, GREEN));
    const legend = page.getByRole('group', { name: 'Legend and filter by status' });
    await expect
      .poll(() => legend.getByLabel(/^Show Completed/).getAttribute('aria-label'))
      .toBe('Show Completed (1)');
    await captureScreens(page, 'drawing-pins');

    // Filtered by status: hiding "Not started" leaves the completed pin alone, in the address too.
    // the box follows the address (a navigation), so it is clicked and the pins watched
    await legend.getByLabel(/^Show Not started/).click();
    await expect.poll(() => viewer.getAttribute('data-pins')).toBe('1');
    expect(new URL(page.url()).searchParams.get('hide')).toBeTruthy();
    await page.reload();
    await expect.poll(() => page.getByTestId('drawing-viewer').getAttribute('data-pins')).toBe('1');
    await legend.getByRole('button', { name: 'Show every status' }).click();
    await expect.poll(() => viewer.getAttribute('data-pins')).toBe('3');

    // A pin dragged elsewhere is saved; Undo puts it back.
    const [, second] = spots as [unknown, { x: number; y: number }];
    const moved = page.waitForResponse(
      (response) =>
        /\/locations\/\w+$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await page.mouse.move(second.x, second.y);
    await page.mouse.down();
    await page.mouse.move(second.x + 60, second.y + 40, { steps: 8 });
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    const afterMove = await admin.organisationCall<{ data: { drawing_pos_left: number } }>(
      'GET',
      `/locations/${(await locationIdByNumber(admin, project.id, 2)) ?? ''}`,
    );
    const before = saved.data[1]?.drawing_pos_left ?? 0;
    expect(afterMove.data.drawing_pos_left).toBeGreaterThan(before);
    const undone = page.waitForResponse(
      (response) =>
        /\/locations\/\w+$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Undo move' }).click();
    expect((await undone).status()).toBe(200);
    const afterUndo = await admin.organisationCall<{ data: { drawing_pos_left: number } }>(
      'GET',
      `/locations/${(await locationIdByNumber(admin, project.id, 2)) ?? ''}`,
    );
    expect(afterUndo.data.drawing_pos_left).toBeCloseTo(before, 5);

    // On a phone the viewer fills the screen on demand.
    await capturePhone(page, 'drawing-full-screen', async () => {
      await page.getByRole('button', { name: 'Full screen' }).click();
      const full = await page.getByTestId('drawing-viewer').boundingBox();
      expect(full?.width).toBe(PHONE.width);
    });
    await page.getByRole('button', { name: 'Leave full screen' }).click();

    // The locations table lists the three, filtered by status in the address.
    await page.goto(`${projectUrl}/locations`);
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    await page.getByLabel('Status', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('status')).toBeTruthy();
    await captureScreens(page, 'locations-table');

    // The listed (filtered) locations as an Excel workbook, built in the background and read back.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report of the listed locations' });
    await dialog.getByText('Excel workbook').click();
    await dialog.getByRole('button', { name: 'Build Excel' }).click();
    const download = dialog.getByRole('link', {
      name: /^Download riverside-tower-locations-.*\.xlsx/,
    });
    await download.waitFor({ timeout: 45_000 });
    const file = await context.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
    const listed = workbook.getWorksheet('Locations')!;
    expect(listed.rowCount).toBe(2); // the heading and the one completed location
    expect(listed.getRow(2).getCell(3).value).toBe('Completed');
    await captureScreens(page, 'locations-report');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Two more from a CSV file: each row checked first (an unknown level named), then imported.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importing = page.getByRole('dialog', { name: 'Import locations' });
    const csv = (rows: string) => ({
      name: 'locations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Reference,Block,Level,Zone,Specification,Status,Variation\n${rows}`),
    });
    await importing
      .locator('input[type=file]')
      .setInputFiles(csv('D-201,Block A,Ground,,,,\nD-202,Block A,Basement,,,,\n'));
    await importing
      .getByText(/Basement/)
      .first()
      .waitFor();
    await expect
      .poll(() => importing.getByRole('button', { name: /^Import/ }).isDisabled())
      .toBe(true);
    await captureScreens(page, 'locations-import-rejected');
    await importing
      .locator('input[type=file]')
      .setInputFiles(csv('D-201,Block A,Ground,,,,\nD-202,Block A,Ground,,,Completed,\n'));
    await importing.getByRole('button', { name: 'Import 2 locations' }).click();
    await importing.waitFor({ state: 'hidden' });
    // the table still shows the completed ones: now 1 and the imported D-202
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.getByRole('cell', { name: 'D-202' }).waitFor();

    // A QR label given to location 1: scanned signed in, it opens the location on its drawing.
    const { data: batch } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/qr_code_batches',
      { quantity: 1 },
    );
    // its codes' labels are drawn on the queue; a code is given out once they are
    await expect
      .poll(
        async () =>
          (
            await admin.organisationCall<{ data: { generated_at: string | null } }>(
              'GET',
              `/qr_code_batches/${batch.id}`,
            )
          ).data.generated_at,
        { timeout: 60_000 },
      )
      .toBeTruthy();
    const locationOne = (await locationIdByNumber(admin, project.id, 1)) ?? '';
    // Given in the location's panel: the batch's next free code.
    await page.goto(`/organisations/${admin.organisation.slug}/locations/${locationOne}`);
    const onePanel = page.getByRole('region', { name: 'Location 1' });
    await onePanel.getByRole('button', { name: 'Give it a QR code' }).click();
    await onePanel.getByRole('button', { name: 'Give code' }).click();
    const badge = onePanel.getByText(/^[A-Za-z0-9]{10}$/);
    await badge.waitFor();
    await captureScreens(page, 'location-qr-code');
    const code = (await badge.textContent()) ?? '';
    expect(batch.id).toBeTruthy();
    await page.goto(`/qr/${code}`);
    await page.getByRole('region', { name: 'Location 1' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${projectUrl}/drawings/${drawingIdOf(page.url())}`);
    expect(new URL(page.url()).searchParams.get('location')).toBe(locationOne);

    // The QR codes screen: a second batch generated there, drawn on the queue, then downloadable.
    await page.goto(`/organisations/${admin.organisation.slug}/qr_codes`);
    await page.getByRole('heading', { name: 'QR codes', level: 1 }).waitFor();
    await page.getByLabel('How many codes').fill('5');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await expect
      .poll(() => page.getByRole('button', { name: /^Labels \(PDF\)/ }).count(), {
        timeout: 60_000,
      })
      .toBe(2);
    await expect
      .poll(() => page.getByRole('region', { name: 'Utilisation' }).textContent())
      .toContain('1 of 6');
    await captureScreens(page, 'qr-batches');

    // The drawing moved to another level with its pins, deleted, and restored from the page.
    await page.goto(`${projectUrl}/drawings`);
    const ground = page.getByRole('region', { name: 'Block A · Ground' });
    const firstLevel = page.getByRole('region', { name: 'Block A · First' });
    await ground.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Move to another level…' }).click();
    const moveDialog = page.getByRole('dialog', { name: /^Move / });
    await moveDialog.getByLabel('Level').click();
    await page.getByRole('option', { name: 'Block A · First' }).click();
    await moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
    await firstLevel.getByRole('cell', { name: '3' }).waitFor(); // its three locations went with it
    await firstLevel.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const bin = page.getByRole('region', { name: 'Deleted drawings' });
    await bin.getByRole('button', { name: /^Restore / }).waitFor();
    await captureScreens(page, 'drawings-deleted');
    await bin.getByRole('button', { name: /^Restore / }).click();
    await firstLevel.getByRole('cell', { name: '3' }).waitFor();
    await bin.waitFor({ state: 'detached' });
    // A copy of the sheet on the same level, without its pins.
    await firstLevel.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect.poll(() => firstLevel.locator('tbody tr').count()).toBe(2);
    await firstLevel.getByRole('cell', { name: '0', exact: true }).waitFor();
    await context.close();

    // Scanned signed out, it asks to sign in first and then opens the location.
    const visitor = await newSession(browser.get(), product);
    const scan = await visitor.newPage();
    await scan.goto(`/qr/${code}`);
    await scan.waitForURL((url) => url.pathname === '/signin');
    await scan.getByLabel('Email').fill(account.email);
    await scan.getByLabel(/^Password/).fill(account.password);
    await scan.getByRole('button', { name: 'Sign in' }).click();
    await scan.getByRole('region', { name: 'Location 1' }).waitFor();
    expect(new URL(scan.url()).searchParams.get('location')).toBe(locationOne);
    // An unknown code says so.
    await scan.goto('/qr/ZZZZZZZZZZ');
    await scan.getByRole('heading', { name: 'This QR code is not recognised' }).waitFor();
    await captureScreens(scan, 'qr-unknown');
    await visitor.close();
  });
});

const drawingIdOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

async function locationIdByNumber(
  admin: { organisationCall: <T>(method: string, path: string) => Promise<T> },
  projectId: string,
  number: number,
): Promise<string | undefined> {
  const { data } = await admin.organisationCall<{ data: Array<{ id: string }> }>(
    'GET',
    `/locations?filter[project_id]=${projectId}&filter[number]=${number}&page=all`,
  );
  return data[0]?.id;
}
