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
    await page.getByRole('button', { name: 'New form' }).click();
    await expectPath(page, /\/library\/forms\/[0-9a-f]{24}$/);

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

    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText('Form saved').waitFor();

    // Saved: the form reads back with its conditional, from the API and after a reload.
    await page.reload();
    await page.getByText('Supervisor signature').first().waitFor();
    await page.getByText('Conditional').waitFor();
    await page.getByRole('link', { name: 'Forms' }).first().click();
    await page.getByRole('link', { name: 'Fire door inspection' }).waitFor();
    await captureScreens(page, 'forms-list');
    await context.close();
  });
});
