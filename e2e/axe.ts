import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, Result, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Accessibility checks of every page a journey visits, with axe-core run inside the page.
 *
 * What fails a journey: every serious or critical violation of WCAG 2.x A/AA and axe's best
 * practices, plus three rules axe rates "moderate" (or leaves off) that the product promises: a
 * `main` landmark, an h1 on every page, and accessible names that include the visible label.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), {
  encoding: 'utf8',
});

/** Rules that fail a journey whatever impact axe gives them. */
const ALWAYS_ENFORCED = [
  'landmark-one-main',
  'page-has-heading-one',
  'label-content-name-mismatch',
];

const RUN_OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // label-content-name-mismatch is "experimental" in axe, so off unless asked for by name.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe runs one at a time in a page: the watcher's and a screenshot's checks take turns. */
const runningChecks = new WeakMap<Page, Promise<unknown>>();

/** Runs axe on the page as it is now and returns the violations that fail a journey. */
export function findViolations(page: Page): Promise<AxeFinding[]> {
  const before = runningChecks.get(page) ?? Promise.resolve();
  const check = before.catch(() => undefined).then(() => confirmedViolations(page));
  runningChecks.set(page, check);
  return check;
}

/**
 * A colour measured while something fades (a dialog closing as the journey moves on) is not the
 * page's colour: contrast findings count only when a second run a moment later finds them again.
 */
async function confirmedViolations(page: Page): Promise<AxeFinding[]> {
  const first = await runAxe(page);
  if (!first.some((finding) => finding.rule === 'color-contrast')) return first;
  await page.waitForTimeout(500);
  const again = new Set((await runAxe(page)).map(findingKey));
  return first.filter(
    (finding) => finding.rule !== 'color-contrast' || again.has(findingKey(finding)),
  );
}

const findingKey = (finding: AxeFinding) =>
  `${finding.page} ${finding.rule} ${finding.targets.join('|')}`;

async function runAxe(page: Page): Promise<AxeFinding[]> {
  // evaluate (not a <script> tag) so that the page's Content-Security-Policy does not block axe.
  // Colours are only meaningful once transitions (modals fading in, hover tints) have ended.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      new Promise((done) => setTimeout(done, 1_000)),
    ]),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (options) => {
    const found = await (window as unknown as { axe: { run: AxeRun } }).axe.run(
      // Toasts come and go over whatever is open (a closing dialog's overlay fades over them),
      // so their colours measure the fade; their own shades are the theme's checked ones.
      { exclude: [['.mantine-Notifications-root']] },
      options,
    );
    // An open select's option list is scrolled with the arrow keys from its input (the active
    // option, named by aria-activedescendant, scrolls into view), which axe cannot see; making
    // the list focusable instead would put a focus stop inside role="listbox", a fault of its own.
    for (const violation of found.violations) {
      if (violation.id !== 'scrollable-region-focusable') continue;
      violation.nodes = violation.nodes.filter((node) => {
        const region = document.querySelector(String(node.target[0]));
        return !(region?.querySelector('[role="listbox"]') ?? region?.closest('[role="listbox"]'));
      });
    }
    found.violations = found.violations.filter((violation) => violation.nodes.length > 0);
    return found;
  }, RUN_OPTIONS);
  const path = new URL(page.url()).pathname;
  return results.violations.filter(isEnforced).map((violation) => ({
    page: path,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.html.slice(0, 160)} — ${node.failureSummary ?? ''}`),
  }));
}

type AxeRun = (context: ElementContext, options: RunOptions) => Promise<AxeResults>;

function isEnforced(violation: Result): boolean {
  return (
    violation.impact === 'serious' ||
    violation.impact === 'critical' ||
    ALWAYS_ENFORCED.includes(violation.id)
  );
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.page}: [${finding.impact}] ${finding.rule} (${finding.help}) at ${finding.targets.join(', ')}`,
    )
    .join('\n');
}

/** Checks the page now and throws if it has violations (used where journeys take screenshots). */
export async function expectAccessible(page: Page): Promise<void> {
  // A lazily loaded page shows a loader first: check it once it has rendered its main landmark
  // (a page that never gets one is still reported by axe below).
  await page
    .locator('main, [role="main"]')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const findings = await findViolations(page);
  if (findings.length > 0) {
    throw new Error(`Accessibility violations (axe-core):\n${describeFindings(findings)}`);
  }
}

const SETTLE_MS = 600;
const RENDER_WAIT_MS = 30_000;

/**
 * Checks every page the context's tabs land on (full loads and client-side navigations): once a
 * page has stayed on one address for a moment and has rendered (an h1 and no loader), axe runs.
 * The findings are thrown when the context closes, so every journey fails on them.
 */
export function watchAccessibility(context: BrowserContext): void {
  const findings: AxeFinding[] = [];
  const checks = new Set<Promise<void>>();
  const checked = new Set<string>();

  const watch = (page: Page) => {
    let timer: NodeJS.Timeout | undefined;
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const url = page.url();
        const path = new URL(url).pathname;
        if (checked.has(path) || !url.startsWith('http')) return;
        const check = checkWhenRendered(page, url).then((found) => {
          if (found === undefined) return;
          checked.add(path);
          findings.push(...found);
        });
        checks.add(check);
        void check.finally(() => checks.delete(check));
      }, SETTLE_MS);
    });
    page.on('close', () => clearTimeout(timer));
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all([...checks]);
    await close(options);
    if (findings.length > 0) {
      throw new Error(`Accessibility violations (axe-core):\n${describeFindings(findings)}`);
    }
  };
}

/** undefined when the page moved on or closed before it could be checked. */
async function checkWhenRendered(page: Page, url: string): Promise<AxeFinding[] | undefined> {
  try {
    await page
      .waitForFunction(
        () =>
          document.querySelector('h1') !== null &&
          document.querySelector('.mantine-Loader-root') === null,
        undefined,
        { timeout: RENDER_WAIT_MS },
      )
      .catch(() => undefined);
    if (page.url() !== url) return undefined;
    const found = await findViolations(page);
    return page.url() === url ? found : undefined;
  } catch {
    return undefined; // the page closed or navigated while axe ran
  }
}
