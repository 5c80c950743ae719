import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerWithOrganisation } from '../accounts';
import { newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { expectPath, signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const refreshTokenOf = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('fieldwork.refreshToken'));

/** Every /auth/refresh answer any tab of the context gets. */
function watchRefreshes(context: BrowserContext): number[] {
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (response.url().endsWith('/auth/refresh')) statuses.push(response.status());
  });
  return statuses;
}

/** Two minutes on (every access token stale), the tab shows a page of API data. */
async function useAfterTwoMinutes(
  context: BrowserContext,
  page: Page,
  area: 'Clients' | 'Projects',
) {
  await context.clock.fastForward('02:00');
  await page.getByRole('link', { name: area }).click();
  await page.getByRole('heading', { name: area }).waitFor();
  await page
    .getByText(area === 'Clients' ? 'No clients yet' : /No projects yet|Projects/)
    .first()
    .waitFor();
}

describe('journey: two tabs of one sign-in keep working while the refresh token rotates', () => {
  it('remember-me: tabs opened side by side', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Two Tabs Ltd');
    const context = await newSession(browser.get(), product);
    await context.clock.install();
    const refreshes = watchRefreshes(context);
    const first = await context.newPage();
    await signIn(first, account, { rememberMe: true });
    await expectPath(first, `/organisations/${slug}/projects`);
    const second = await context.newPage();
    await second.goto(`/organisations/${slug}/projects`);
    await expectPath(second, `/organisations/${slug}/projects`);

    // The second tab renews twice while the first sleeps (a background tab the browser
    // suspended misses every timer and message): it wakes up holding the pair it signed in with.
    const signedIn = await first.evaluate(() => ({ ...sessionStorage }));
    await useAfterTwoMinutes(context, second, 'Clients');
    await useAfterTwoMinutes(context, second, 'Projects');
    await first.evaluate((stored) => {
      for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
    }, signedIn);
    // ...then both go on working: neither sends a retired token, which would end the session.
    await useAfterTwoMinutes(context, first, 'Clients');
    await useAfterTwoMinutes(context, second, 'Clients');
    await useAfterTwoMinutes(context, first, 'Projects');
    expect(refreshes.length).toBeGreaterThanOrEqual(3);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // The tabs tell each other of a rotation over BroadcastChannel: they agree once it arrives.
    await expect
      .poll(async () => (await refreshTokenOf(first)) === (await refreshTokenOf(second)))
      .toBe(true);
    await context.close();
  });

  it('without remember-me: a tab opened from another (sessionStorage copied)', async () => {
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Copied Tab Ltd');
    const context = await newSession(browser.get(), product);
    await context.clock.install();
    const refreshes = watchRefreshes(context);
    const first = await context.newPage();
    await signIn(first, account);
    await expectPath(first, `/organisations/${slug}/projects`);
    const [second] = await Promise.all([
      context.waitForEvent('page'),
      first.evaluate((url) => window.open(url, '_blank'), `/organisations/${slug}/projects`),
    ]);
    await expectPath(second, `/organisations/${slug}/projects`);
    expect(await refreshTokenOf(second)).toBe(await refreshTokenOf(first));
    expect(await second.evaluate(() => localStorage.getItem('fieldwork.refreshToken'))).toBeNull();

    await useAfterTwoMinutes(context, second, 'Clients');
    await useAfterTwoMinutes(context, second, 'Projects');
    await useAfterTwoMinutes(context, first, 'Clients');
    await useAfterTwoMinutes(context, second, 'Clients');
    expect(refreshes.length).toBeGreaterThanOrEqual(3);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // The tabs tell each other of a rotation over BroadcastChannel: they agree once it arrives.
    await expect
      .poll(async () => (await refreshTokenOf(first)) === (await refreshTokenOf(second)))
      .toBe(true);
    await context.close();
  });
});
