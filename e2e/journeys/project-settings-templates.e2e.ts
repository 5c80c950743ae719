import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { registerAdmin } from '../identity';
import { rowAction } from '../settings-steps';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface Named {
  id: string;
  name: string;
}

const settingsRows = (page: Page) => page.getByTestId('sortable-row');
async function settingsRowNames(page: Page): Promise<string[]> {
  return (await settingsRows(page).locator('p').allTextContents()).map((text) => text.trim());
}
const templateRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('journey: project templates in the library', () => {
  it('creates a template from the library, edits its statuses and forms, duplicates and archives it, and starts a project from it', async () => {
    const account = newAccount('Tess Templates');
    const admin = await registerAdmin(product.apiUrl, account, 'Template Works');
    const slug = admin.organisation.slug;
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    const dialog = page.getByRole('dialog');

    // The Library's Project templates tab, empty at first.
    await page.goto(`/organisations/${slug}/library/project_templates`);
    await page.getByText('No project templates yet').waitFor();
    await captureScreens(page, 'project-templates-empty');

    // New template from the library's "Fire stopping installation": its settings open.
    await page.getByRole('button', { name: 'New template' }).first().click();
    await dialog.getByLabel('Name').fill('Fire stopping, our way');
    await dialog.getByText('Library', { exact: true }).click();
    await dialog.getByRole('radio', { name: 'Fire stopping installation' }).click();
    await captureScreens(page, 'project-templates-create');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expectPath(
      page,
      new RegExp(`^/organisations/${slug}/library/project_templates/[0-9a-f]{24}/general$`),
    );
    const templateId = new URL(page.url()).pathname.split('/').at(-2) ?? '';
    await page.getByRole('heading', { name: 'Fire stopping, our way' }).waitFor();
    await captureScreens(page, 'project-template-settings-general');

    // Its location statuses came from the library; add one more with a colour and an icon.
    await page.getByRole('tab', { name: 'Location statuses' }).click();
    await expect
      .poll(() => settingsRowNames(page))
      .toEqual(['Not started', 'Surveyed', 'Installed', 'Signed off', 'Not required']);
    await page.getByRole('button', { name: 'Add status' }).click();
    await dialog.getByLabel('Name').fill('Sealed');
    await dialog.getByRole('radio', { name: 'Purple' }).click();
    await dialog.getByRole('radio', { name: 'Pie 9/12' }).click();
    await dialog.getByRole('button', { name: 'Add status' }).click();
    await settingsRows(page).filter({ hasText: 'Sealed' }).waitFor();
    await captureScreens(page, 'project-template-settings-statuses');
    const templateStatuses = async () =>
      (
        await admin.organisationCall<{ data: Array<Named & { color: string; icon: string }> }>(
          'GET',
          `/project_templates/${templateId}/location_statuses?page=all`,
        )
      ).data;
    await expect
      .poll(async () => (await templateStatuses()).at(-1))
      .toMatchObject({
        name: 'Sealed',
        color: 'purple',
        icon: 'pie-9',
      });

    // Its forms came from the library too; one is set to complete a location when approved.
    // The library's own tabs have a Forms tab too; the template's settings tabs come after them.
    await page.getByRole('tab', { name: 'Forms' }).last().click();
    await settingsRows(page).filter({ hasText: 'Fire stopping inspection' }).waitFor();
    await rowAction(page, 'Fire stopping inspection', 'Edit');
    await dialog.getByLabel('When it is approved', { exact: true }).click();
    await page.getByRole('option', { name: 'Signed off', exact: true }).click();
    await captureScreens(page, 'project-template-settings-form-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Approved → Signed off').waitFor();
    await captureScreens(page, 'project-template-settings-forms');

    // Back in the list: duplicate, then archive the copy.
    await page.getByRole('link', { name: 'Back to project templates' }).click();
    await templateRow(page, 'Fire stopping, our way').waitFor();
    await rowAction(page, 'Fire stopping, our way', 'Duplicate');
    await templateRow(page, 'Fire stopping, our way (copy)').waitFor();
    await captureScreens(page, 'project-templates');
    await rowAction(page, 'Fire stopping, our way (copy)', 'Archive');
    await templateRow(page, 'Fire stopping, our way (copy)').waitFor({ state: 'detached' });
    const liveTemplates = async () =>
      (
        await admin.organisationCall<{ data: Named[] }>(
          'GET',
          '/project_templates?filter[archived]=false',
        )
      ).data.map((template) => template.name);
    await expect.poll(liveTemplates).toEqual(['Fire stopping, our way']);

    // A project started from the template has its statuses, the added one included.
    const { data: project } = await admin.organisationCall<{ data: Named }>('POST', '/projects', {
      name: 'Dockside Phase 2',
      project_template_id: templateId,
    });
    await page.goto(`/organisations/${slug}/projects/${project.id}/settings/location_statuses`);
    await expect
      .poll(() => settingsRowNames(page))
      .toEqual(['Not started', 'Surveyed', 'Installed', 'Signed off', 'Not required', 'Sealed']);
    await context.close();
  });
});
