import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Account } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();
const WIDE = { width: 1440, height: 900 };

/** The header bell's label: "Notifications: 2 unread" or "Notifications: nothing unread". */
const bellOf = (page: Page) =>
  page
    .getByRole('link', { name: /^Notifications: / })
    .first()
    .getAttribute('aria-label');

/** A fresh session at 1440 wide, signed in as `account`. */
async function signedInWide(account: Account) {
  const context = await newSession(browser.get(), product);
  const page = await context.newPage();
  await page.setViewportSize(WIDE);
  await signIn(page, account);
  return { context, page };
}

/** Reloads until the bell says `label`: notices are written on the queue, a moment later. */
async function bellShowsAfterReloads(page: Page, label: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return bellOf(page);
      },
      { timeout: 45_000, interval: 1_500 },
    )
    .toBe(label);
}

describe('journey: notifications', () => {
  it('a manager approves a sheet and the operative finds the notice under the bell, reads it and chooses what comes', async () => {
    // One approval stage: the manager's approval is final.
    const scene = await sheetsScene(product.apiUrl, { oneStage: true });
    const job = await scene.createJob();
    await submittedSheetThroughApi(product.apiUrl, scene, job.id, generatedPng(640, 480, 31));

    // The operative was told of the job given to them (on the queue, so it may take a moment).
    const { context: operativeContext, page: operativePage } = await signedInWide(scene.operative);
    await bellShowsAfterReloads(operativePage, 'Notifications: 1 unread');

    // The manager (an approver of the stage that names no one) was told the sheet waits.
    const { context: managerContext, page: managerPage } = await signedInWide(scene.manager);
    await bellShowsAfterReloads(managerPage, 'Notifications: 1 unread');
    await managerPage.getByRole('link', { name: 'Notifications: 1 unread' }).click();
    await managerPage.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const waiting = managerPage.getByRole('link', {
      name: /^Job sheet \d+ \(Door inspection\) is submitted for your approval$/,
    });
    await waiting.waitFor();
    await captureScreens(managerPage, 'notifications-manager', { desktop: WIDE });
    // The notice leads straight to the sheet, and is read once followed.
    await waiting.click();
    await managerPage.waitForURL(/\/job_sheets\/[a-f0-9]{24}$/);
    await expect.poll(() => bellOf(managerPage)).toBe('Notifications: nothing unread');

    await managerPage.goto(`/organisations/${scene.slug}/inbox`);
    await managerPage.getByRole('button', { name: 'Approve sheet 1' }).click();
    const dialog = managerPage.getByRole('dialog');
    await dialog
      .getByRole('checkbox', { name: 'I accept this declaration' })
      .check({ force: true });
    await dialog.getByRole('textbox').first().fill('Neat work on the frame');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The operative's notice appears, with the manager's comment.
    await bellShowsAfterReloads(operativePage, 'Notifications: 2 unread');
    await operativePage.getByRole('link', { name: 'Notifications: 2 unread' }).click();
    await operativePage
      .getByRole('link', { name: /^Job sheet \d+ \(Door inspection\) is approved$/ })
      .waitFor();
    await operativePage.getByText('“Neat work on the frame”').waitFor();
    await captureScreens(operativePage, 'notifications-operative', { desktop: WIDE });
    await operativePage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bellOf(operativePage)).toBe('Notifications: nothing unread');

    // Settings → Notifications: e-mail off for approvals.
    await operativePage.goto(`/organisations/${scene.slug}/settings/notifications`);
    const approvedByEmail = operativePage.getByRole('checkbox', {
      name: 'My job sheet is approved: E-mail',
    });
    await approvedByEmail.uncheck({ force: true });
    await operativePage.getByText('Notification setting saved').waitFor();
    await operativePage.reload();
    await expect.poll(() => approvedByEmail.isChecked()).toBe(false);
    await captureScreens(operativePage, 'notifications-settings');
    await operativeContext.close();
    await managerContext.close();
  }, 240_000);
});
