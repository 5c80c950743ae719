import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { render, textOf, waitFor } from '../../test/render';
import { APP_STORE_LINKS } from './app-store-target';
import { AppStorePage } from './AppStorePage';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';

afterEach(() => {
  document.title = '';
});

async function open(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const leave = vi.fn();
  await render(
    <AppProviders queryClient={createQueryClient()}>
      <AppStorePage leave={leave} />
    </AppProviders>,
  );
  return leave;
}

describe('AppStorePage', () => {
  it('is titled "Redirecting..." and sends an Android phone to the Play listing', async () => {
    const leave = await open(ANDROID);
    await waitFor(() => expect(leave).toHaveBeenCalledWith(APP_STORE_LINKS.android));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Redirecting...');
    expect(textOf()).toContain('Redirecting...');
    const fallback = document.querySelector<HTMLAnchorElement>('a[href]');
    expect(fallback?.href).toBe(APP_STORE_LINKS.android);
  });

  it('sends a desktop browser to the website', async () => {
    const leave = await open(
      'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0',
    );
    await waitFor(() => expect(leave).toHaveBeenCalledWith(APP_STORE_LINKS.website));
  });
});
