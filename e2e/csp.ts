import type { Browser, BrowserContext } from 'playwright-core';
import { afterEach } from 'vitest';

/** One Content-Security-Policy violation a page reported. */
interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

const violations: Violation[] = [];

/**
 * Each page reports the `securitypolicyviolation` events of its documents (frames included) to
 * the journey; Chromium's console lines about a refused load or script are counted too, in case
 * an event is missed.
 */
async function watchContext(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__fieldworkCspViolation', ({ page }, violation: Violation) => {
    violations.push({ ...violation, page: page.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: unknown) => void>)
        .__fieldworkCspViolation;
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push({
        page: message.page()?.url() ?? '',
        directive: 'console',
        blocked: message.text(),
        source: `${message.location().url}:${message.location().lineNumber}`,
      });
    }
  });
}

/**
 * Watches every browser context the journeys open for Content-Security-Policy violations, and
 * fails the test during which one happened (the web host's policy must let the app do all it
 * does, and nothing else).
 */
export function failOnContentSecurityPolicyViolations(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    await watchContext(context);
    return context;
  };
}

/** The violations reported so far, which the journey then no longer fails on (for tests of this). */
export function takeContentSecurityPolicyViolations(): Violation[] {
  return violations.splice(0);
}

afterEach(() => {
  const seen = takeContentSecurityPolicyViolations();
  if (seen.length === 0) return;
  const lines = seen.map((v) => `  ${v.directive} blocked ${v.blocked} (${v.source}) on ${v.page}`);
  throw new Error(`Content-Security-Policy violations:\n${lines.join('\n')}`);
});
