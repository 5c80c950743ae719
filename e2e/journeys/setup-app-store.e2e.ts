import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Opens /app-store with a User-Agent; the stores are stood in for (no outside network here). */
async function landingOf(userAgent: string) {
  const context = await browser.get().newContext({ baseURL: product.webUrl, userAgent });
  const seen: string[] = [];
  for (const host of [
    'https://play.google.com/**',
    'https://apps.apple.com/**',
    'https://fieldwork.app/**',
  ]) {
    await context.route(host, (route) => {
      seen.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>Store</title>Store' });
    });
  }
  const page = await context.newPage();
  const titles: string[] = [];
  page.on(
    'domcontentloaded',
    () =>
      void page
        .title()
        .then((title) => titles.push(title))
        .catch(() => undefined),
  );
  await page.goto('/app-store');
  await page.waitForURL((url) => url.origin !== product.webUrl);
  const landed = page.url();
  await context.close();
  return { landed, seen };
}

describe('journey: the app-store link and the setup subscription pages', () => {
  it('sends an Android phone to the Play listing, an iPhone to the App Store, a desktop to the website', async () => {
    const android = await landingOf(ANDROID);
    expect(new URL(android.landed).host).toBe('play.google.com');
    expect(android.landed).toContain('/store/apps/details?id=');
    expect(new URL((await landingOf(IPHONE)).landed).host).toBe('apps.apple.com');
    expect(
      new URL((await landingOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/147.0')).landed).host,
    ).toBe('fieldwork.app');
  });

  it('is titled "Redirecting..." while it sends the device on', async () => {
    const context = await browser.get().newContext({ baseURL: product.webUrl, userAgent: ANDROID });
    // The store's answer is withheld (the navigation is cancelled), so the page stays to be seen.
    const asked: string[] = [];
    await context.route('https://play.google.com/**', (route) => {
      asked.push(route.request().url());
      return route.abort('aborted');
    });
    const page = await context.newPage();
    await page.goto('/app-store', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.title)).toBe('Redirecting...');
    await page.getByText('Continue to the download page').waitFor();
    await captureScreens(page, 'app-store');
    await context.close();
  });

  it('shows an owner the setup subscription pages: start, plan, billing', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Setup Billing Ltd');
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(`/organisation-setup/${slug}/subscription/start`);
    await page.getByText('per seat per month').waitFor();
    await captureScreens(page, 'setup-subscription-start');
    await page.getByRole('button', { name: 'Choose your seats' }).click();
    await expectPath(page, `/organisation-setup/${slug}/subscription/plan`);
    await page.getByRole('textbox', { name: 'Seats' }).fill('3');
    await page
      .getByLabel('Total per month')
      .getByText(/129\.60/)
      .waitFor();
    await captureScreens(page, 'setup-subscription-plan');
    await page.getByRole('button', { name: 'Continue to billing' }).click();
    await expectPath(page, `/organisation-setup/${slug}/subscription/billing`);
    await page.getByRole('form', { name: 'Billing details' }).waitFor();
    await captureScreens(page, 'setup-subscription-billing');
    await context.close();
  });
});
