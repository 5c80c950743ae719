import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { answeredSheetThroughApi, sheetsScene } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface MarkedPhoto {
  markup: { shapes: Array<{ type: string; text?: string }>; url: string } | null;
  file: { original_url: string };
}

/** Drags across the markup canvas with the real mouse, between fractions of its size. */
async function dragOn(page: Page, from: [number, number], to: [number, number]) {
  const box = await page.getByTestId('markup-canvas').boundingBox();
  if (!box) throw new Error('The markup canvas is not on the screen');
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 8 });
  await page.mouse.up();
}

describe('journey: photo markup', () => {
  it('an operative marks up a photo on a phone with an arrow, a circle and text; the original is kept; a manager sees both', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();
    const photo = generatedPng(800, 600, 23);
    const sheetId = await answeredSheetThroughApi(product.apiUrl, scene, job.id, photo);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, scene.operative);
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await page.getByRole('button', { name: 'Open photo of Photo of the door' }).click();
    await page.getByRole('button', { name: 'Mark up' }).click();
    await page.getByRole('img', { name: /The photo being marked up/ }).waitFor();
    await page.getByText('Nothing drawn yet').waitFor();
    // Save waits for something drawn.
    expect(await page.getByRole('button', { name: 'Save markup' }).isDisabled()).toBe(true);

    await dragOn(page, [0.15, 0.2], [0.5, 0.5]); // an arrow, red by default
    await page.getByText('1 shape', { exact: true }).waitFor();
    await page.getByText('Circle', { exact: true }).click();
    await page.getByRole('radio', { name: 'Yellow' }).click();
    await dragOn(page, [0.55, 0.55], [0.7, 0.55]);
    await page.getByText('2 shapes').waitFor();
    // A tap is not a shape; undo takes the last one off.
    await dragOn(page, [0.3, 0.8], [0.3, 0.8]);
    await page.getByText('2 shapes').waitFor();
    await page.getByRole('button', { name: 'Undo the last shape' }).click();
    await page.getByText('1 shape', { exact: true }).waitFor();
    await dragOn(page, [0.55, 0.55], [0.7, 0.55]);
    await page.getByText('2 shapes').waitFor();
    // Text: a tap before writing says what to do; written, it goes where the finger taps.
    await page.getByText('Text', { exact: true }).click();
    await dragOn(page, [0.1, 0.8], [0.1, 0.8]);
    await page.getByText('Write the text first').waitFor();
    await page.getByLabel('Text to place').fill('Loose hinge');
    await dragOn(page, [0.1, 0.8], [0.1, 0.8]);
    await page.getByText('3 shapes').waitFor();
    await captureScreens(page, 'photo-markup-editor');
    await page.getByRole('button', { name: 'Save markup' }).click();

    // The viewer shows the marked-up copy, with the original a tap away.
    await page.getByRole('button', { name: 'Edit markup' }).waitFor();
    await page.getByText('Original', { exact: true }).waitFor();
    const { data: saved } = await scene.asOperative<{ data: MarkedPhoto[] }>(
      'GET',
      `/job_sheet_photos?filter[job_sheet_id]=${sheetId}`,
    );
    expect(saved[0]!.markup!.shapes.map((shape) => shape.type)).toEqual([
      'ARROW',
      'CIRCLE',
      'TEXT',
    ]);
    expect(saved[0]!.markup!.shapes[2]!.text).toBe('Loose hinge');
    const original = Buffer.from(await (await fetch(saved[0]!.file.original_url)).arrayBuffer());
    expect(Buffer.compare(original, photo)).toBe(0);
    const copy = await fetch(saved[0]!.markup!.url);
    expect(copy.headers.get('content-type')).toBe('image/jpeg');
    await captureScreens(page, 'photo-markup-viewer');
    await context.close();

    // The manager, at a desk, sees the marked-up thumbnail and can switch to the original.
    const desk = await newSession(browser.get(), product);
    const manager = await desk.newPage();
    await signIn(manager, scene.manager);
    await manager.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await manager.getByRole('button', { name: 'Open photo of Photo of the door' }).click();
    await manager.getByText('Original', { exact: true }).click();
    await manager.getByRole('button', { name: 'Edit markup' }).click();
    await manager.getByText('3 shapes').waitFor();
    await manager.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await captureScreens(manager, 'photo-markup-manager');
    await desk.close();
  });
});
