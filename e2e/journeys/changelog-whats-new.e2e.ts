import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, registerWithOrganisation } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { SUPPORT_EMAILS, useProduct } from '../harness';
import { callApi, registerOrSignIn } from '../identity';
import { solidPng } from '../setup-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

const UPDATE_TITLE = 'Reports carry your logo';

async function publishedTitles(apiUrl: string, token: string): Promise<string[]> {
  const { data } = await callApi<{ data: { title: string }[] }>(
    apiUrl,
    'GET',
    '/changelogs',
    undefined,
    token,
  );
  return data.map((update) => update.title);
}

/** Support staff publish an update with a hero image, a video and some HTML that must not run. */
async function publishUpdate(apiUrl: string) {
  const { token, existed } = await registerOrSignIn(apiUrl, {
    ...newAccount('Sam Support'),
    email: SUPPORT_EMAILS.changelog,
  });
  // A retried journey published it already (a second copy would make its name ambiguous).
  if (existed && (await publishedTitles(apiUrl, token)).includes(UPDATE_TITLE)) return;
  const form = new FormData();
  form.append('title', UPDATE_TITLE);
  form.append('date', new Date().toISOString().slice(0, 10));
  form.append('icon', 'certificate');
  form.append('tag', 'Reports');
  form.append('status', 'PUBLISHED');
  form.append(
    'content',
    '## Your brand on every page\n\nUpload a **logo** in Account.\n\n<img src="x" onerror="window.__ran = true">\n<script>window.__ran = true</script>',
  );
  form.append(
    'videoEmbedHtml',
    '<iframe src="https://www.youtube-nocookie.com/embed/fieldwork-tour" title="Logo tour"></iframe>',
  );
  form.append(
    'hero',
    new Blob([solidPng(1200, 500, [240, 140, 30])], { type: 'image/png' }),
    'hero.png',
  );
  const response = await fetch(`${apiUrl}/changelogs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
}

const whatsNew = (page: Page) => page.getByRole('button', { name: /^What's new/ });

describe("journey: a user reads what's new", () => {
  it('sees the unviewed count drop after viewing an update', async () => {
    await publishUpdate(product.apiUrl);
    const { account, slug } = await registerWithOrganisation(product.apiUrl, 'Harbour News Ltd');
    const token = await callApi<{ accessToken: string }>(product.apiUrl, 'POST', '/auth/web', {
      email: account.email,
      password: account.password,
    });
    const { count } = await callApi<{ count: number }>(
      product.apiUrl,
      'GET',
      '/changelogs/unviewed_count',
      undefined,
      token.accessToken,
    );
    expect(count).toBeGreaterThan(1);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    // The video host is outside this machine: a stand-in page answers for it.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<body style="margin:0;background:#111;color:#eee;font:16px sans-serif;display:grid;place-items:center;height:100vh">&#9654; Video</body>',
      }),
    );
    await signIn(page, account);
    await page.goto(`/organisations/${slug}/projects`);
    await expect
      .poll(() => whatsNew(page).getAttribute('aria-label'))
      .toBe(`What's new (${count} unread)`);

    await whatsNew(page).click();
    const panel = page.getByRole('dialog', { name: "What's new" });
    await panel.getByRole('button', { name: 'Reports carry your logo (new)' }).waitFor();
    await captureScreens(page, 'changelog-list');

    await panel.getByRole('button', { name: 'Reports carry your logo (new)' }).click();
    await panel.getByRole('heading', { name: 'Reports carry your logo' }).waitFor();
    await panel.getByRole('heading', { name: 'Your brand on every page' }).waitFor();
    await expect
      .poll(() => whatsNew(page).getAttribute('aria-label'))
      .toBe(`What's new (${count - 1} unread)`);

    // The hero image loads; the video plays in a sandboxed frame; nothing in the HTML ran.
    const hero = panel.locator('img').first();
    await expect
      .poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const frame = panel.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/fieldwork-tour',
    );
    expect(await frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(await page.evaluate(() => (window as { __ran?: boolean }).__ran)).toBeUndefined();
    expect(await panel.locator('[onerror], script').count()).toBe(0);
    await page.waitForTimeout(300);
    await captureScreens(page, 'changelog-detail');

    // Back in the list the update is read; after a reload the count stays down.
    await panel.getByRole('button', { name: 'All updates' }).click();
    // viewed now: named by its date and title, without "(new)"
    await panel.getByRole('button', { name: /Reports carry your logo$/ }).waitFor();
    await page.reload();
    await expect
      .poll(() => whatsNew(page).getAttribute('aria-label'))
      .toBe(`What's new (${count - 1} unread)`);
    await context.close();
  });
});
