import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { choose, rowAction } from '../settings-steps';
import { reorderWithKeyboard, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface Block {
  id: string;
  name: string;
  levels: Array<{ id: string; name: string }>;
}

/** A small real PNG (a 4×6 orange image), built here so the server's image check sees one. */
function smallPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const [width, height] = [4, 6];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array(width).fill([240, 140, 0]).flat()),
  ]);
  const pixels = Buffer.concat(Array<Buffer>(height).fill(row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const blockCard = (page: Page, name: string) =>
  page.getByTestId('block-card').and(page.getByRole('region', { name, exact: true }));

/** Each block shown and its levels, in screen order. */
async function shownStructure(page: Page) {
  const cards = page.getByTestId('block-card');
  const result: Array<[string, string[]]> = [];
  for (const card of await cards.all()) {
    const name = (await card.getAttribute('aria-label')) ?? '';
    const levels = await card.getByTestId('sortable-row').locator('p').allTextContents();
    result.push([name, levels.map((level) => level.trim())]);
  }
  return result;
}

const answered = (page: Page, path: string, method = 'POST') =>
  page.waitForResponse(
    (response) => response.url().includes(path) && response.request().method() === method,
  );

describe('journey: project settings, site structure, guests, cover image and maintenance', () => {
  it('puts a project on a site, builds and reorders its blocks and levels, imports levels, uploads a cover image and recalculates rates', async () => {
    const account = newAccount('Pat Manager');
    const admin = await registerAdmin(product.apiUrl, account, 'Holbeck Fire Stopping');
    const { data: site } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/sites',
      { name: 'Holbeck Works', address_line_1: 'Marshall Street', city: 'Leeds', country: 'GB' },
    );
    const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Holbeck Tower' },
    );
    const savedBlocks = async () =>
      (
        await admin.organisationCall<{ data: Block[] }>(
          'GET',
          `/blocks?filter[project_id]=${project.id}&page=all`,
        )
      ).data.map((block) => [block.name, block.levels.map((level) => level.name)]);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    const settingsPath = `/organisations/${admin.organisation.slug}/projects/${project.id}/settings`;
    const dialog = page.getByRole('dialog');

    // No site yet: the tab says so and offers to choose one.
    await page.goto(`${settingsPath}/structure`);
    await page.getByText('This project is not on a site yet').waitFor();
    await captureScreens(page, 'project-settings-structure-no-site');
    await page.getByRole('button', { name: 'Choose site' }).click();
    await dialog.getByLabel('Site', { exact: true }).click();
    await page.getByRole('option', { name: /^Holbeck Works/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No blocks yet').waitFor();
    const { data: onSite } = await admin.organisationCall<{ data: { site_id: string } }>(
      'GET',
      `/projects/${project.id}`,
    );
    expect(onSite.site_id).toBe(site.id);

    // Two blocks with levels, added through the dialogs.
    const addName = async (button: string, name: string, submit: string) => {
      await page.getByRole('button', { name: button, exact: true }).first().click();
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: submit }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await addName('Add block', 'Block A', 'Add block');
    await addName('Add block', 'Block B', 'Add block');
    await addName('Add level to Block A', 'Ground', 'Add level');
    await addName('Add level to Block A', 'First', 'Add level');
    await addName('Add level to Block B', 'Basement', 'Add level');
    await expect
      .poll(() => shownStructure(page))
      .toEqual([
        ['Block A', ['Ground', 'First']],
        ['Block B', ['Basement']],
      ]);
    await expect.poll(savedBlocks).toEqual([
      ['Block A', ['Ground', 'First']],
      ['Block B', ['Basement']],
    ]);

    // Blocks reordered from the keyboard: pick Block B up, move it up, drop it.
    const blocksSaved = answered(page, '/blocks/reorder');
    await reorderWithKeyboard(page, 'Reorder Block B', [
      { key: 'Space', announced: /Block B.*position 2 of 2/ },
      { key: 'ArrowUp', announced: 'Block B moved to position 1 of 2.' },
    ]);
    expect((await blocksSaved).status()).toBe(200);
    await expect
      .poll(() => shownStructure(page))
      .toEqual([
        ['Block B', ['Basement']],
        ['Block A', ['Ground', 'First']],
      ]);

    // Levels reordered by dragging First's handle above Ground.
    const handle = page.getByRole('button', { name: 'Reorder First of Block A' });
    const from = await handle.boundingBox();
    const to = await blockCard(page, 'Block A').getByTestId('sortable-row').first().boundingBox();
    if (!from || !to) throw new Error('the levels are not on screen');
    const levelsSaved = answered(page, '/levels/reorder');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await page.mouse.up();
    expect((await levelsSaved).status()).toBe(200);
    const reordered = [
      ['Block B', ['Basement']],
      ['Block A', ['First', 'Ground']],
    ];
    await expect.poll(() => shownStructure(page)).toEqual(reordered);
    await expect.poll(savedBlocks).toEqual(reordered);

    // Import levels from CSV: one into an existing block, one into a new block.
    await page.getByRole('button', { name: 'Import from CSV' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'levels.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Block,Level\nBlock A,Second\nBlock C,Ground\n'),
    });
    await dialog.getByText('Ready to import 2 levels.').waitFor();
    await captureScreens(page, 'project-settings-structure-import');
    await dialog.getByRole('button', { name: 'Import 2 levels' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const imported = [
      ['Block B', ['Basement']],
      ['Block A', ['First', 'Ground', 'Second']],
      ['Block C', ['Ground']],
    ];
    await expect.poll(() => shownStructure(page)).toEqual(imported);
    await expect.poll(savedBlocks).toEqual(imported);
    await captureScreens(page, 'project-settings-structure');

    // Move a level to another block, delete two at once, and restore one from "Show deleted".
    await rowAction(page, 'Second of Block A', 'Move to another block');
    await choose(dialog, 'Move to block', 'Block C');
    await dialog.getByRole('button', { name: 'Move level' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('checkbox', { name: 'Select Basement of Block B' }).check();
    await page.getByRole('checkbox', { name: 'Select Ground of Block C' }).check();
    await page.getByRole('button', { name: 'Delete levels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => shownStructure(page))
      .toEqual([
        ['Block B', []],
        ['Block A', ['First', 'Ground']],
        ['Block C', ['Second']],
      ]);
    await page.getByRole('switch', { name: 'Show deleted' }).check();
    await page.getByRole('button', { name: 'Restore Basement of Block B' }).waitFor();
    await captureScreens(page, 'project-settings-structure-deleted');
    await page.getByRole('button', { name: 'Restore Basement of Block B' }).click();
    await expect
      .poll(() => shownStructure(page))
      .toEqual([
        ['Block B', ['Basement']],
        ['Block A', ['First', 'Ground']],
        ['Block C', ['Second']],
      ]);

    // Guests: invite someone new into this project by e-mail.
    await page.getByRole('tab', { name: 'Guests' }).click();
    await page.getByText('No guests on this project').waitFor();
    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    await dialog.getByLabel('Email').fill('client.rep@example.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByTestId('person-row').filter({ hasText: 'client.rep@example.test' }).waitFor();
    await captureScreens(page, 'project-settings-guests');
    const { invites } = await admin.organisationCall<{ invites: Array<{ email: string }> }>(
      'GET',
      `/projects/${project.id}/guests`,
    );
    expect(invites.map((invite) => invite.email)).toEqual(['client.rep@example.test']);

    // General: a cover image uploaded, then the rates recalculated.
    await page.getByRole('tab', { name: 'General' }).click();
    const uploaded = answered(page, '/files/report_cover_image');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: smallPng() });
    expect((await uploaded).status()).toBe(200);
    await page.getByRole('img', { name: 'Report cover image' }).waitFor();
    const { data: withCover } = await admin.organisationCall<{
      data: { files: { report_cover_image: string | null } };
    }>('GET', `/projects/${project.id}`);
    expect(withCover.files.report_cover_image).toMatch(/^http/);
    const recalculated = answered(page, `/projects/${project.id}/recalculate_rates`);
    await page.getByRole('button', { name: 'Recalculate rates' }).click();
    // Re-pricing runs on the queue: the answer is its task (202), the card follows it to the end.
    expect((await recalculated).status()).toBe(202);
    await page.getByText('Rates recalculated', { exact: false }).waitFor();
    await captureScreens(page, 'project-settings-general-cover');

    // A file that is not an image is refused by the server with its reason.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await page.getByText('Must be a PNG, JPEG or WebP image.').waitFor();
    await captureScreens(page, 'project-settings-general-cover-refused');
    await context.close();
  });
});
