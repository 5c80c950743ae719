import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { expectAccessible } from '../axe';
import { captureScreens, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signedInSession } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: build a form', () => {
  it('builds a form with a conditional field and a signature, previews it and saves it', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Form Builders Ltd');
    const { context, page } = await signedInSession(browser.get(), product, account);

    await page.getByRole('link', { name: 'Library' }).click();
    await page
      .getByRole('tab', { name: 'Forms' })
      .or(page.getByRole('link', { name: 'Forms' }))
      .first()
      .click();
    await expectPath(page, `/organisations/${slug}/library/forms`);
    await page.getByText('No forms yet.').waitFor();
    // "New form" then Back leaves no "Untitled form" behind: a form is created by its first save.
    await page.getByRole('button', { name: 'New form' }).click();
    await expectPath(page, /\/library\/forms\/new$/);
    await page.getByLabel('Form name').waitFor();
    await page.goBack();
    await page.getByText('No forms yet.').waitFor();
    await page.getByRole('button', { name: 'New form' }).click();
    await expectPath(page, /\/library\/forms\/new$/);

    await page.getByLabel('Form name').fill('Fire door inspection');
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Section name').fill('Door');

    // A yes/no question, then a signature shown only when the answer is yes.
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Yes / no' }).waitFor();
    await expectAccessible(page); // an open menu holds only menu items
    await page.getByRole('menuitem', { name: 'Yes / no' }).click();
    await page.getByLabel('Question').fill('Is the door damaged?');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Signature' }).click();
    await page.getByLabel('Question').fill('Supervisor signature');
    await page.getByRole('switch', { name: 'Required', exact: true }).check({ force: true });
    await page.getByLabel('Show only when', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Is the door damaged?' }).click();
    await expect
      .poll(() => page.getByLabel('has the answer', { exact: true }).first().inputValue())
      .toBe('Yes');

    // The preview hides the signature until the operative answers yes.
    const preview = page.getByTestId('form-preview');
    await preview.getByText('Is the door damaged?').waitFor();
    expect(await preview.getByText('Supervisor signature').count()).toBe(0);
    await preview.getByRole('radio', { name: 'Yes' }).check({ force: true });
    await preview.getByText('Supervisor signature').waitFor();
    await page.getByText('Phone', { exact: true }).click();
    await expect.poll(() => preview.getAttribute('data-device')).toBe('phone');
    await captureScreens(page, 'form-builder');

    // A required text question: the preview shows it empty, and saving is not stopped by it.
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Text', exact: true }).click();
    await page.getByLabel('Question').fill('Door number');
    await page.getByRole('switch', { name: 'Required', exact: true }).check({ force: true });
    await preview.getByRole('textbox', { name: 'Door number' }).waitFor();
    expect(await preview.getByRole('textbox', { name: 'Door number' }).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText('Form saved').waitFor();
    await expectPath(page, /\/library\/forms\/[0-9a-f]{24}$/);
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

    // A change not saved yet: leaving by the navigation asks first; Stay keeps it.
    await page.getByLabel('Form name').fill('Fire door inspection (draft)');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('link', { name: 'Forms' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expectPath(page, /\/library\/forms\/[0-9a-f]{24}$/);
    await page.getByLabel('Form name').fill('Fire door inspection');
    await page.getByRole('button', { name: 'Save form' }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

    // Saved: the form reads back with its conditional, from the API and after a reload.
    await page.reload();
    await page.getByText('Supervisor signature').first().waitFor();
    await page.getByText('Conditional').waitFor();
    await page.getByRole('link', { name: 'Forms' }).first().click();
    await page.getByRole('link', { name: 'Fire door inspection' }).waitFor();
    expect(await page.getByRole('link', { name: /Untitled form/ }).count()).toBe(0);
    await captureScreens(page, 'forms-list');
    await context.close();
  });
});
