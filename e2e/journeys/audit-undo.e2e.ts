import { describe, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** A JSON call of the organisation API as the journey's admin. */
async function call(url: string, method: string, token: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
  return response.status === 204
    ? undefined
    : ((await response.json()) as { data: { id: string } });
}

describe('journey: the audit log and the bin', () => {
  it('undoes a change from the audit log and restores a deleted site from the bin', async () => {
    const { account, slug, organisationId, accessToken, createClient } =
      await registerWithOrganisation(product.apiUrl, 'Audit Trail Builders');
    const base = `${product.apiUrl}/organisations/${organisationId}`;
    const client = (await createClient('Harbour Works')) as { data: { id: string } };
    await call(`${base}/clients/${client.data.id}`, 'PUT', accessToken, {
      name: 'Harbour Works (renamed by mistake)',
    });
    const site = await call(`${base}/sites`, 'POST', accessToken, {
      address_line_1: '12 Quay Street',
      city: 'Bristol',
    });
    await call(`${base}/sites/${site!.data.id}`, 'DELETE', accessToken);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);

    // The audit log: the rename is there, with what changed, and it can be undone.
    await page.goto(`/organisations/${slug}/settings/audit-log`);
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Record' }).click();
    await page.getByRole('option', { name: 'Clients' }).click();
    await expectPath(page, /\/settings\/audit-log$/);
    const rename = 'Client “Harbour Works (renamed by mistake)”: changed';
    await page.getByText(rename).waitFor();
    await page.getByText('Name: “Harbour Works” → “Harbour Works (renamed by mistake)”').waitFor();
    await captureScreens(page, 'audit-log');
    await page.getByRole('button', { name: `Undo: ${rename}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo this change?' });
    await dialog
      .getByText('Name: “Harbour Works” → “Harbour Works (renamed by mistake)”')
      .waitFor();
    await dialog.getByRole('button', { name: 'Undo change' }).click();
    await page.getByText('Change undone').waitFor();
    await page.getByText('Client “Harbour Works”: changed').first().waitFor();
    await page.getByText('Undone', { exact: true }).first().waitFor();

    // The client has its name back; its page shows the history with the undo.
    await page.goto(`/organisations/${slug}/clients/${client.data.id}`);
    await page.getByRole('heading', { name: 'Harbour Works', level: 1 }).waitFor();
    const history = page.getByRole('region', { name: 'Changes to this client' });
    await history.getByText('Undone', { exact: true }).waitFor();
    await captureScreens(page, 'client-change-history');

    // The bin: the deleted site comes back.
    await page.goto(`/organisations/${slug}/settings/deleted-items`);
    await page.getByRole('heading', { name: 'Deleted items', level: 1 }).waitFor();
    const bin = page.getByRole('list', { name: 'Deleted items' });
    await bin.getByText('12 Quay Street').waitFor();
    await captureScreens(page, 'deleted-items');
    await page.getByRole('button', { name: 'Restore 12 Quay Street' }).click();
    await page.getByText('Site “12 Quay Street” restored').waitFor();
    await page.getByText('Nothing has been deleted').waitFor();
    await context.close();
  });
});
