import type { Organisation, PlanStatus } from '@fieldwork/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listOf } from '../../test/answers';
import { jsonResponse } from '../../test/fetch-stub';
import {
  makeContext,
  makeMemberContext,
  makeMembership,
  makeOrganisation,
  makeUser,
} from '../../test/fixtures';
import { waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';
import { setNewSubscriptionFlow } from '../../session/persisted-session';

function organisationWith(status: PlanStatus, plan: Partial<Organisation['plan']> = {}) {
  const base = makeOrganisation({ slug: 'acme' });
  return { ...base, plan: { ...base.plan, status, ...plan } };
}

function signedInTo(organisation: Organisation, { owner }: { owner: boolean }) {
  const context = makeMemberContext(organisation, makeUser(), {
    owner,
    role: owner ? 'ADMIN' : 'MANAGER',
  });
  return signedIn(context, () => listOf([]));
}

/** Where the app settles: the context is loaded, the gate has run and a page has rendered. */
async function landing(path: string) {
  const router = await renderApp(path);
  await waitFor(() => {
    if (document.querySelector('[role="status"]') || !document.querySelector('main, h1, h2')) {
      throw new Error('still loading');
    }
  });
  return router.state.location.pathname;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the plan gate on organisation routes', () => {
  it('lets a trial organisation use its pages', async () => {
    signedInTo(organisationWith('TRIAL'), { owner: false });
    expect(await landing('/organisations/acme/clients')).toBe('/organisations/acme/clients');
  });

  it('sends the owner of an ended trial to signup', async () => {
    signedInTo(organisationWith('TRIAL_ENDED'), { owner: true });
    expect(await landing('/organisations/acme/clients')).toBe(
      '/organisations/acme/subscription/signup',
    );
  });

  it('sends a member of an ended trial to trial-ended', async () => {
    signedInTo(organisationWith('TRIAL_ENDED'), { owner: false });
    expect(await landing('/organisations/acme/settings/profile')).toBe(
      '/organisations/acme/subscription/trial-ended',
    );
  });

  it('sends the owner to the setup area when the new subscription flow is chosen', async () => {
    setNewSubscriptionFlow(true);
    signedInTo(organisationWith('ENDED'), { owner: true });
    expect(await landing('/organisations/acme/projects')).toBe(
      '/organisation-setup/acme/subscription/start',
    );
  });

  it('sends an overdue organisation to payment-overdue', async () => {
    const overdue = { subscription: { outstanding_invoices: { longest_overdue_by_days: 31 } } };
    signedInTo(organisationWith('ACTIVE', overdue), { owner: true });
    expect(await landing('/organisations/acme/projects')).toBe(
      '/organisations/acme/subscription/payment-overdue',
    );
  });

  it('sends an organisation whose overdue state is ignored away from payment-overdue', async () => {
    const ignored = {
      subscription: { outstanding_invoices: { longest_overdue_by_days: 31 } },
      overdue_ignored_until: new Date(Date.now() + 86_400_000).toISOString(),
    };
    signedInTo(organisationWith('ACTIVE', ignored), { owner: true });
    expect(await landing('/organisations/acme/subscription/payment-overdue')).toBe(
      '/organisations/acme/projects',
    );
  });

  it('never redirects a waived organisation from its pages', async () => {
    signedInTo(organisationWith('ENDED', { waived: true }), { owner: false });
    expect(await landing('/organisations/acme/clients')).toBe('/organisations/acme/clients');
  });

  it('sends a member away from billing pages', async () => {
    signedInTo(organisationWith('ACTIVE'), { owner: false });
    expect(await landing('/organisations/acme/billing/invoices')).toBe(
      '/organisations/acme/projects',
    );
  });

  it('gates the setup area subscription pages', async () => {
    signedInTo(organisationWith('ACTIVE'), { owner: true });
    expect(await landing('/organisation-setup/acme/subscription/plan')).toBe(
      '/organisations/acme/projects',
    );
  });

  it('leaves preboarding pages to their own redirects', async () => {
    // An organisation still being set up (a completed one leaves preboarding for projects).
    const settingUp = { ...organisationWith('TRIAL_ENDED'), preboarding: { completed_at: null } };
    signedInTo(settingUp, { owner: true });
    expect(await landing('/organisation-setup/acme/preboarding/start')).toBe(
      '/organisation-setup/acme/preboarding/start',
    );
  });

  it('reloads the plan when a running trial ends, and applies the new status', async () => {
    const endsNow = new Date(Date.now() - 14 * 86_400_000).toISOString();
    const trial = { ...organisationWith('TRIAL'), created_at: endsNow };
    const ended = { ...trial, plan: { ...trial.plan, status: 'TRIAL_ENDED' as const } };
    const user = makeUser();
    const membership = makeMembership(trial, user, { owner: false, role: 'MANAGER' });
    let loads = 0;
    const emptyList = () => listOf([]);
    signedIn(makeContext([trial], { user, memberships: [membership] }), emptyList);
    // Its second GET /me/context answers the ended trial.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        if (!input.endsWith('/me/context')) return Promise.resolve(emptyList());
        loads += 1;
        const organisation = loads === 1 ? trial : ended;
        return Promise.resolve(
          jsonResponse(makeContext([organisation], { user, memberships: [membership] })),
        );
      }),
    );
    const router = await renderApp('/organisations/acme/clients');
    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe('/organisations/acme/subscription/trial-ended'),
      5000,
    );
    expect(loads).toBe(2);
  });

  it('reloads only once when the server still answers the trial after its expected end', async () => {
    const pastEnd = { ...organisationWith('TRIAL'), created_at: '2020-01-01T00:00:00.000Z' };
    const calls = signedInTo(pastEnd, { owner: false });
    expect(await landing('/organisations/acme/clients')).toBe('/organisations/acme/clients');
    const contextLoads = () => calls.filter((call) => call.url.endsWith('/me/context')).length;
    await waitFor(() => expect(contextLoads()).toBe(2), 3000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(contextLoads()).toBe(2);
  });
});
