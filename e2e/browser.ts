import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { failOnContentSecurityPolicyViolations } from './csp';
import { expectAccessible, watchAccessibility } from './axe';
import type { Product } from './harness';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const SCREENSHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../screenshots');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (global-setup.ts), which each journey file connects to. */
    browserEndpoint: string;
  }
}

/**
 * The run's Chromium for the journeys of one file. Each journey opens its own contexts (fresh
 * profiles); closing this connection closes whatever contexts the file left open.
 */
export function useBrowser(): { get: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
    failOnContentSecurityPolicyViolations(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get: () => {
      if (!browser) throw new Error('The browser has not started');
      return browser;
    },
  };
}

/** A fresh browser profile (its own storages) at desktop size, with relative URLs on the web app. */
export async function newSession(browser: Browser, product: Product): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: product.webUrl, viewport: DESKTOP });
  context.setDefaultTimeout(30_000);
  watchAccessibility(context);
  return context;
}

/**
 * Whether journeys save screenshots: CI keeps none (.ci/run sets JOURNEY_SCREENSHOTS=off), so there
 * it checks the page with axe and goes on, without laying the page out at two more sizes and
 * encoding two full-page images for files nobody opens (about a fifth of the journeys' time).
 */
const SCREENSHOTS = process.env.JOURNEY_SCREENSHOTS !== 'off';

/**
 * Checks the page with axe, then saves the whole page at desktop and phone size into screenshots/
 * (git-ignored). `desktop` is the wide size to use and to return to (1280×800 unless given).
 */
export async function captureScreens(
  page: Page,
  name: string,
  { desktop = DESKTOP }: { desktop?: { width: number; height: number } } = {},
): Promise<void> {
  await expectAccessible(page);
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await animationsSettled(page); // the navigation and modals animate when the layout changes
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(desktop);
  await animationsSettled(page);
}

/** Saves the page at phone size only, e.g. with the navigation drawer open. */
export async function capturePhone(page: Page, name: string, prepare: () => Promise<void>) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(PHONE);
  await prepare();
  await animationsSettled(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone.png`) });
  await page.setViewportSize(DESKTOP);
  await animationsSettled(page);
}

/**
 * Waits until the page's finite animations and transitions have ended (at most `limitMs`): a
 * layout change or an opening modal starts them on the next frame, so two frames pass first.
 * Spinners loop for ever and are not waited for. Fixed pauses here cost a second a screenshot.
 */
export async function animationsSettled(page: Page, limitMs = 1_000): Promise<void> {
  await page.evaluate(async (limit) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    await frame();
    await frame();
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((done) => setTimeout(done, limit)),
    ]);
    await frame();
  }, limitMs);
}

export async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    session: sessionStorage.getItem('fieldwork.accessToken'),
    local: localStorage.getItem('fieldwork.accessToken'),
  }));
}
