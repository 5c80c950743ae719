import { describe, expect, it } from 'vitest';
import { pageKindOf, redirectPath } from './page-kind';
import type { PageKind, RedirectTarget } from './required-redirect';

describe('pageKindOf', () => {
  const cases: Array<[string, PageKind | null]> = [
    ['/organisations/acme/projects', 'ordinary'],
    ['/organisations/acme', 'ordinary'],
    ['/organisations/acme/clients', 'ordinary'],
    ['/organisations/acme/settings/members', 'ordinary'],
    ['/organisations/acme/account/organisation', 'ordinary'],
    ['/organisations/acme/library/forms/123', 'ordinary'],
    ['/organisations/acme/subscription/required', 'required'],
    ['/organisations/acme/subscription/trial-ended', 'trial-ended'],
    ['/organisations/acme/subscription/ended', 'ended'],
    ['/organisations/acme/subscription/payment-overdue', 'payment-overdue'],
    ['/organisations/acme/subscription/signup', 'signup'],
    ['/organisations/acme/subscription/signup/success', 'signup'],
    ['/organisations/acme/subscription/update', 'update'],
    ['/organisations/acme/subscription', 'update'],
    ['/organisations/acme/subscription/nonsense', 'ordinary'],
    ['/organisations/acme/subscription/ended/more', 'ordinary'],
    ['/organisations/acme/billing/overview', 'billing'],
    ['/organisations/acme/billing/invoices', 'billing'],
    ['/organisations/acme/billing', 'billing'],
    ['/organisation-setup/acme/subscription/start', 'setup-subscription'],
    ['/organisation-setup/acme/subscription/plan', 'setup-subscription'],
    ['/organisation-setup/acme/subscription/billing', 'setup-subscription'],
    ['/organisation-setup/acme/preboarding/start', null],
    ['/organisation-setup/acme/preboarding/questionnaire/trades', null],
  ];
  it.each(cases)('%s → %s', (pathname, kind) => {
    expect(pageKindOf(pathname, 'acme')).toBe(kind);
  });

  it('reads the slug as the URL encodes it', () => {
    expect(pageKindOf('/organisations/a%20b/billing/overview', 'a b')).toBe('billing');
  });
});

describe('redirectPath', () => {
  const cases: Array<[RedirectTarget, string]> = [
    ['default', '/organisations/acme/projects'],
    ['required', '/organisations/acme/subscription/required'],
    ['trial-ended', '/organisations/acme/subscription/trial-ended'],
    ['ended', '/organisations/acme/subscription/ended'],
    ['signup', '/organisations/acme/subscription/signup'],
    ['payment-overdue', '/organisations/acme/subscription/payment-overdue'],
    ['setup-start', '/organisation-setup/acme/subscription/start'],
  ];
  it.each(cases)('%s → %s', (target, path) => {
    expect(redirectPath(target, 'acme')).toBe(path);
  });

  it('every target is a page of its own kind, so a redirect lands where it can stay', () => {
    const kindOfTarget = (target: RedirectTarget): PageKind =>
      target === 'default' ? 'ordinary' : target === 'setup-start' ? 'setup-subscription' : target;
    for (const [target, path] of cases) expect(pageKindOf(path, 'acme')).toBe(kindOfTarget(target));
  });
});
