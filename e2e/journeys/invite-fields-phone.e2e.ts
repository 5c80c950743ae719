import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { PHONE, animationsSettled, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { callApi, registerAccount, registerAdmin } from '../identity';
import { settingsUrl } from '../settings-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();
const SCREENSHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../screenshots');

/**
 * The e-mail field lies wholly inside the 390 px viewport, is wide enough to read an address,
 * and takes one typed in; the screen is saved for a look.
 */
async function expectUsableOnPhone(page: Page, field: Locator, name: string) {
  await field.waitFor();
  await animationsSettled(page); // modals animate in
  const box = await field.boundingBox();
  expect(box, `${name}: the e-mail field is rendered`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(PHONE.width);
  expect(box.width, `${name}: width`).toBeGreaterThanOrEqual(200);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${name}: no sideways scrolling`).toBeLessThanOrEqual(PHONE.width);
  await field.fill('someone.with.a.long.name@example-company.test');
  await expect.poll(() => field.inputValue()).toBe('someone.with.a.long.name@example-company.test');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}-phone.png`) });
}

describe('journey: invite e-mail fields on a phone (390 × 844)', () => {
  it('fit the screen in every invite dialog and form', async () => {
    const account = newAccount('Pia Phone');
    const admin = await registerAdmin(product.apiUrl, account, 'Pocket Surveys');
    const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Pocket Tower' },
    );
    const slug = admin.organisation.slug;

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, account);
    const dialog = page.getByRole('dialog');

    await page.goto(settingsUrl(slug, 'members'));
    await page.getByRole('button', { name: 'Invite member' }).click();
    await expectUsableOnPhone(page, dialog.getByLabel('Email'), 'invite-member');

    await page.goto(settingsUrl(slug, 'guests'));
    await page.getByRole('button', { name: 'Invite guest' }).first().click();
    await expectUsableOnPhone(page, dialog.getByLabel('Email'), 'invite-guest');

    await page.goto(`/organisations/${slug}/projects/${project.id}/settings/guests`);
    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    await expectUsableOnPhone(page, dialog.getByLabel('Email'), 'invite-project-guest');
    await context.close();
  });

  it('fit the screen in organisation setup, three rows deep', async () => {
    const owner = newAccount('Oona Owner');
    const token = await registerAccount(product.apiUrl, owner);
    const { organisation } = await callApi<{ organisation: { slug: string } }>(
      product.apiUrl,
      'POST',
      '/me/organisations/register',
      { name: 'Setup On The Go' },
      token,
    );
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, owner);
    await page.goto(`/organisation-setup/${organisation.slug}/preboarding/invite`);
    await page.getByRole('form', { name: 'Invite your team' }).waitFor();
    await page.getByRole('button', { name: 'Add another person' }).click();
    await page.getByRole('button', { name: 'Add another person' }).click();
    for (const row of [1, 2, 3]) {
      await expectUsableOnPhone(
        page,
        page.getByLabel(`Email ${row}`, { exact: true }),
        `setup-invite-row-${row}`,
      );
    }
    await context.close();
  });
});
