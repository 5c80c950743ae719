import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startProduct } from './harness';

/**
 * One product and one Chromium for the whole journey run: starting them per file cost 6–9 s each
 * (database, migrations, web host, browser). Journeys stay independent through their own
 * accounts, organisations and browser contexts (fresh profiles).
 */
export default async function setup(project: TestProject) {
  const [product, browser] = await Promise.allSettled([startProduct(), launchChromium()]);
  if (product.status === 'rejected' || browser.status === 'rejected') {
    if (product.status === 'fulfilled') await product.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw product.status === 'rejected'
      ? product.reason
      : (browser as PromiseRejectedResult).reason;
  }
  project.provide('product', product.value.addresses);
  project.provide('browserEndpoint', browser.value.wsEndpoint());
  return async () => {
    await Promise.allSettled([product.value.stop(), browser.value.close()]);
  };
}

/** Debian's Chromium, headless; never a downloaded browser. */
function launchChromium() {
  return chromium.launchServer({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
