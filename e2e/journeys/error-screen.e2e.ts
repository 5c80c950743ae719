import { describe, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** The lazily loaded unit with the organisation pages (projects, clients, ...). */
const ORGANISATION_PAGES_CHUNK = /\/assets\/organisation-pages-[\w-]+\.js$/;

describe('journey: the error screen', () => {
  it('shows "New Version Available" when a lazily loaded unit cannot be fetched, and recovers on reload', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Stale Tab Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    // What a tab from before a deployment sees: the chunk it asks for is no longer there.
    await page.route(ORGANISATION_PAGES_CHUNK, (route) => route.abort());

    await signIn(page, account);
    await page.getByRole('heading', { name: 'New Version Available' }).waitFor();
    await page.getByText('clear your browser cache and refresh').waitFor();
    for (const name of ['Reload Page', 'Back to Previous Page', 'Speak with us']) {
      await page.getByRole('button', { name }).waitFor();
    }
    await captureScreens(page, 'error-new-version');

    await page.unroute(ORGANISATION_PAGES_CHUNK);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await expectPath(page, `/organisations/${slug}/projects`);
    await context.close();
  });

  it('shows "Oops! Something went wrong" when the server answers /me/context with a body the app cannot use', async () => {
    const { account } = await registerWithOrganisation(product.apiUrl, 'Broken Answer Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    // The real answer (with its CORS headers) and a body without user, memberships, organisations.
    await page.route('**/me/context', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { unexpected: true } });
    });

    await signIn(page, account);
    await page.getByRole('heading', { name: 'Oops! Something went wrong' }).waitFor();
    await page.getByText('contact us via live chat').waitFor();
    for (const name of ['Reload Page', 'Back to Previous Page', 'Speak with us']) {
      await page.getByRole('button', { name }).waitFor();
    }
    await captureScreens(page, 'error-unexpected');
    await context.close();
  });
});
