import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { takeContentSecurityPolicyViolations } from '../csp';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** What scripts/bundle-budget.mjs enforces on the build (the target is 200 KB). */
const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

interface Download {
  url: string;
  status: number;
  bytes: number;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/** Records every script and style sheet the page downloads, with its size on the wire. */
function recordDownloads(page: Page): Download[] {
  const downloads: Download[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const headers = await response.allHeaders();
        const sizes = await response.request().sizes();
        downloads.push({
          url: new URL(response.url()).pathname,
          status: response.status(),
          bytes: sizes.responseBodySize,
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
        });
      })().catch(() => undefined), // a response still arriving when the journey closes the page
    );
  });
  Object.defineProperty(downloads, 'settled', { value: () => Promise.all(pending) });
  return downloads;
}

/**
 * Resolves once no request but the live-updates stream (which stays open as long as the page
 * does, so the browser's "networkidle" never comes) has been in flight for half a second.
 */
function quietButForTheStream(page: Page): () => Promise<void> {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const isStream = (url: string) => new URL(url).pathname.endsWith('/events');
  page.on('request', (request) => {
    if (isStream(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () =>
    expect
      .poll(() => inFlight.size === 0 && Date.now() - lastChange >= 500, { interval: 100 })
      .toBe(true);
}

const settled = (downloads: Download[]) =>
  (downloads as unknown as { settled: () => Promise<void> }).settled();

describe('journey: the first page a signed-in user sees', () => {
  it('downloads the projects page compressed and within budget, then loads other pages lazily', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Quayside Surveys');

    // Sign in, remembered, then come back with an empty cache as a returning user would.
    const signInContext = await newSession(browser.get(), product);
    const signInPage = await signInContext.newPage();
    await signIn(signInPage, account, { rememberMe: true });
    const storageState = await signInContext.storageState();
    await signInContext.close();

    const context = await browser.get().newContext({
      baseURL: product.webUrl,
      viewport: { width: 1280, height: 800 },
      storageState,
    });
    const page = await context.newPage();
    const downloads = recordDownloads(page);
    const quiet = quietButForTheStream(page);
    const document = await page.goto(`/organisations/${slug}/projects`);
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByText('No projects yet').waitFor();
    await quiet();
    await settled(downloads);

    // The document: revalidated on each visit, compressed, with the security headers.
    const headers = await document!.allHeaders();
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');

    // Every script and sheet: compressed, cached for a year, and all of them within budget.
    const assets = downloads.filter((download) => download.url.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, asset.url).toMatchObject({
        status: 200,
        cacheControl: 'public, max-age=31536000, immutable',
      });
      // Files under 1 KB are not worth compressing (build-tools/precompress.ts).
      if (asset.encoding === undefined) expect(asset.bytes, asset.url).toBeLessThan(1024);
      else expect(['br', 'gzip'], asset.url).toContain(asset.encoding);
    }
    const total = assets.reduce((sum, asset) => sum + asset.bytes, 0);
    console.log(
      `First load of the projects page in Chromium: ${(total / 1024).toFixed(1)} KB on the wire ` +
        `(${assets[0]?.encoding}) in ${assets.length} files`,
    );
    expect(total).toBeLessThan(FIRST_LOAD_BUDGET_BYTES);
    // The complete Mantine sheet is not part of it: it comes with the next page.
    expect(assets.some((asset) => /\/all-styles-[^/]*\.css$/.test(asset.url))).toBe(false);
    await captureScreens(page, 'first-load-projects');

    // Other pages load on demand, styled: clients, then back to projects and its dialog.
    await page.getByRole('link', { name: 'Clients' }).click();
    await expectPath(page, `/organisations/${slug}/clients`);
    await page.getByText('No clients yet').waitFor();
    await expect
      .poll(async () => {
        await settled(downloads);
        return downloads.some((download) => /\/all-styles-[^/]*\.css$/.test(download.url));
      })
      .toBe(true);
    await captureScreens(page, 'first-load-clients');

    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'New project' }).first().click();
    await page.getByRole('dialog', { name: 'New project' }).waitFor();
    await captureScreens(page, 'first-load-new-project');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/organisations/${slug}/settings`));
    await page.getByRole('heading').first().waitFor();
    await context.close();
  });

  it('reports a Content-Security-Policy violation to the journey', async () => {
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.alt = ''; // decorative: the page's accessibility check (axe.ts) may run after this
      image.src = 'https://blocked.example.test/pixel.png';
      document.body.append(image);
    });
    const seen: ReturnType<typeof takeContentSecurityPolicyViolations> = [];
    await expect
      .poll(
        () => {
          seen.push(...takeContentSecurityPolicyViolations());
          return seen;
        },
        { timeout: 5_000 },
      )
      .toContainEqual(expect.objectContaining({ directive: 'img-src' }));
    await context.close();
    takeContentSecurityPolicyViolations(); // Chromium's console line about the same image
  });
});
