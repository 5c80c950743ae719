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

interface Status {
  id: string;
  name: string;
  type: string;
  color: string;
  icon: string;
  include_in_todo: boolean;
  order: number;
}

const rows = (page: Page) => page.getByTestId('sortable-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function rowNames(page: Page): Promise<string[]> {
  return (await rows(page).locator('p').allTextContents()).map((text) => text.trim());
}

/** Waits for the answer to a reorder, so the order is read after the server has it. */
const reorderSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/location_statuses/reorder') &&
      response.request().method() === 'POST',
  );

describe('journey: project settings, location statuses', () => {
  it('adds a status with a colour and icon, reorders by keyboard and by dragging, edits one and deletes one into a replacement', async () => {
    const account = newAccount('Pat Manager');
    const admin = await registerAdmin(product.apiUrl, account, 'Harbour Fire Stopping');
    const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Harbour Tower' },
    );
    const statusesPath = `/projects/${project.id}/location_statuses`;
    const savedStatuses = async () =>
      (await admin.organisationCall<{ data: Status[] }>('GET', `${statusesPath}?page=all`)).data;

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    const settingsPath = `/organisations/${admin.organisation.slug}/projects/${project.id}/settings`;

    // A blank project starts with the standard statuses.
    await page.goto(`${settingsPath}/location_statuses`);
    await page.getByRole('heading', { name: 'Harbour Tower' }).waitFor();
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Not started', 'In progress', 'Completed', 'Cancelled']);
    await captureScreens(page, 'project-settings-location-statuses');

    // Add a status, choosing its type, colour and icon from the pickers.
    await page.getByRole('button', { name: 'Add status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Snagging');
    await choose(dialog, 'Type', 'Active');
    await dialog.getByRole('radio', { name: 'Teal' }).click();
    await dialog.getByRole('radio', { name: 'Star' }).click();
    await dialog.getByRole('switch', { name: 'Include in to-do list' }).check();
    await captureScreens(page, 'project-settings-status-form');
    await dialog.getByRole('button', { name: 'Add status' }).click();
    await rowOf(page, 'Snagging').waitFor();
    await expect
      .poll(async () => (await savedStatuses()).find((status) => status.name === 'Snagging'))
      .toMatchObject({
        type: 'ACTIVE',
        color: 'teal',
        icon: 'star',
        include_in_todo: true,
      });

    // Reorder from the keyboard: pick Snagging up, move it up twice, drop it.
    const saved = reorderSaved(page);
    await reorderWithKeyboard(page, 'Reorder Snagging', [
      { key: 'Space', announced: /Snagging.*position 5 of 5/ },
      { key: 'ArrowUp', announced: 'Snagging moved to position 4 of 5.' },
      { key: 'ArrowUp', announced: 'Snagging moved to position 3 of 5.' },
    ]);
    expect((await saved).status()).toBe(200);
    const keyboardOrder = ['Not started', 'In progress', 'Snagging', 'Completed', 'Cancelled'];
    await expect.poll(() => rowNames(page)).toEqual(keyboardOrder);
    await expect
      .poll(async () => (await savedStatuses()).map((status) => status.name))
      .toEqual(keyboardOrder);

    // Reorder by dragging Cancelled's handle onto the top row.
    const handle = page.getByRole('button', { name: 'Reorder Cancelled' });
    const from = await handle.boundingBox();
    const to = await rowOf(page, 'Not started').boundingBox();
    if (!from || !to) throw new Error('rows are not on screen');
    const dragged = reorderSaved(page);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await page.mouse.up();
    expect((await dragged).status()).toBe(200);
    const draggedOrder = ['Cancelled', 'Not started', 'In progress', 'Snagging', 'Completed'];
    await expect.poll(() => rowNames(page)).toEqual(draggedOrder);
    await expect
      .poll(async () => (await savedStatuses()).map((status) => status.name))
      .toEqual(draggedOrder);

    // Edit: a new name and colour.
    await rowAction(page, 'In progress', 'Edit');
    await dialog.getByLabel('Name').fill('Under way');
    await dialog.getByRole('radio', { name: 'Orange' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rowOf(page, 'Under way').waitFor();
    await expect
      .poll(async () => (await savedStatuses()).find((status) => status.name === 'Under way'))
      .toMatchObject({ color: 'orange', type: 'ACTIVE' });

    // Delete Cancelled: a replacement must be chosen first.
    const cancelled = (await savedStatuses()).find((status) => status.name === 'Cancelled');
    const completed = (await savedStatuses()).find((status) => status.name === 'Completed');
    await rowAction(page, 'Cancelled', 'Delete');
    await dialog.getByRole('button', { name: 'Delete status' }).click();
    await dialog.getByText('Choose the status its locations move to').waitFor();
    await captureScreens(page, 'project-settings-status-delete');
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().includes(statusesPath),
    );
    await choose(dialog, 'Move its locations to', 'Completed');
    await dialog.getByRole('button', { name: 'Delete status' }).click();
    const deleteAnswer = await deleted;
    expect(deleteAnswer.status()).toBe(204);
    expect(deleteAnswer.url()).toContain(
      `/${cancelled?.id}?replacementLocationStatusId=${completed?.id}`,
    );
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Not started', 'Under way', 'Snagging', 'Completed']);
    await expect
      .poll(async () => (await savedStatuses()).map((status) => status.name))
      .toEqual(['Not started', 'Under way', 'Snagging', 'Completed']);
    await context.close();
  });

  it('shows every settings tab and its dialog at desktop and phone size', async () => {
    const account = newAccount('Sam Admin');
    const admin = await registerAdmin(product.apiUrl, account, 'Tabs Ltd');
    const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Quayside Block B' },
    );
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    const settingsPath = `/organisations/${admin.organisation.slug}/projects/${project.id}/settings`;
    const dialog = page.getByRole('dialog');

    await page.goto(settingsPath);
    await page.waitForURL((url) => url.pathname === `${settingsPath}/general`);
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await captureScreens(page, 'project-settings-general');

    // At 1440 px every tab is on screen: none is pushed out of the page's width.
    await page.setViewportSize({ width: 1440, height: 900 });
    const tabBoxes = await page.getByRole('tab').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { right: box.right, width: box.width };
      }),
    );
    expect(tabBoxes.length).toBe(11);
    for (const box of tabBoxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.right).toBeLessThanOrEqual(1440);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // General: a flag saved and read back.
    await page.getByRole('switch', { name: /^Approvals/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    const { data: saved } = await admin.organisationCall<{ data: { approvals_enabled: boolean } }>(
      'GET',
      `/projects/${project.id}`,
    );
    expect(saved.approvals_enabled).toBe(true);

    const tabs: Array<{ tab: string; path: string; add: string; shot: string }> = [
      {
        tab: 'Job attributes',
        path: 'job_attributes',
        add: 'Add attribute',
        shot: 'job-attributes',
      },
      {
        tab: 'Location attributes',
        path: 'location_attributes',
        add: 'Add attribute',
        shot: 'location-attributes',
      },
      {
        tab: 'Specification attributes',
        path: 'specification_attributes',
        add: 'Add attribute',
        shot: 'specification-attributes',
      },
      {
        tab: 'Approval stages',
        path: 'approval_stages',
        add: 'Add stage',
        shot: 'approval-stages',
      },
      { tab: 'Folders', path: 'folders', add: 'Add folder', shot: 'folders' },
      { tab: 'Materials', path: 'materials', add: 'Choose materials', shot: 'materials' },
      { tab: 'Forms', path: 'forms', add: 'Add forms', shot: 'forms' },
    ];
    for (const { tab, path, add, shot } of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForURL((url) => url.pathname === `${settingsPath}/${path}`);
      await page.getByRole('button', { name: add }).first().waitFor();
      await captureScreens(page, `project-settings-${shot}`);
      await page.getByRole('button', { name: add }).first().click();
      await dialog.waitFor();
      await captureScreens(page, `project-settings-${shot}-dialog`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // A choice attribute with options, one archived, saved in the order given.
    await page.getByRole('tab', { name: 'Location attributes' }).click();
    await page.getByRole('button', { name: 'Add attribute' }).first().click();
    await dialog.getByLabel('Name').fill('Fire rating');
    await choose(dialog, 'Type', 'Single choice');
    for (const option of ['30 min', '60 min', '90 min']) {
      await dialog.getByLabel('New option').fill(option);
      await dialog.getByRole('button', { name: 'Add option' }).click();
    }
    await captureScreens(page, 'project-settings-attribute-options');
    await dialog.getByRole('button', { name: 'Add attribute' }).click();
    await rowOf(page, 'Fire rating').waitFor();
    await rowAction(page, 'Fire rating', 'Edit');
    await dialog.getByRole('button', { name: 'Archive 30 min' }).click();
    await dialog.getByRole('button', { name: 'Unarchive 30 min' }).waitFor();
    await captureScreens(page, 'project-settings-attribute-archived-option');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rowOf(page, 'Fire rating').getByText('2 options, 1 archived').waitFor();
    const { data: attributes } = await admin.organisationCall<{
      data: Array<{ name: string; options: Array<{ name: string; archived_at: string | null }> }>;
    }>('GET', `/projects/${project.id}/location_attributes?page=all`);
    expect(
      attributes[0]?.options.map((option) => [option.name, option.archived_at !== null]),
    ).toEqual([
      ['30 min', true],
      ['60 min', false],
      ['90 min', false],
    ]);
    await context.close();
  }, 150_000); // 16 screenshots at two sizes: long by nature, not slow by fault
});
