import type { Organisation, Preboarding } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import {
  makeMemberContext,
  makeOrganisation,
  makeUser,
  OPEN_PREBOARDING,
} from '../../test/fixtures';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';
import { click, field, fill } from '../settings/test/settings-kit';

const me = makeUser({ name: 'Ada Builder' });

/** The calls made to `path` below the organisation. */
const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && new URL(call.url).pathname.endsWith(path));

function organisationWith(preboarding: Partial<Preboarding>, id?: string): Organisation {
  return makeOrganisation({
    ...(id && { id, _id: id }),
    slug: 'acme',
    name: 'Acme Surveys',
    preboarding: { ...OPEN_PREBOARDING, ...preboarding },
  });
}

/**
 * Signs in as an ADMIN (or `role`) of Acme, whose preboarding is `preboarding`, and opens `path`.
 * Like the server, GET /me/context answers the organisation as the last call left it.
 */
async function open(
  path: string,
  preboarding: Partial<Preboarding>,
  answer: (call: RecordedCall, organisation: Organisation) => Response,
  role: 'ADMIN' | 'MANAGER' = 'ADMIN',
) {
  const organisation = organisationWith(preboarding);
  const context = makeMemberContext(organisation, me, { role });
  const calls = signedIn(context, (call) => {
    const response = answer(call, organisation);
    const changed = response.clone();
    void changed
      .json()
      .then((body: { organisation?: Organisation }) => {
        if (body.organisation) context.organisations = [body.organisation];
      })
      .catch(() => undefined);
    return response;
  });
  const router = await renderApp(path);
  return { calls, router, organisation };
}

/** The server's answer: the organisation with its preboarding changed. */
const answerWith = (organisation: Organisation, preboarding: Partial<Preboarding>) =>
  jsonResponse({
    organisation: { ...organisation, preboarding: { ...OPEN_PREBOARDING, ...preboarding } },
  });

const radio = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="radio"]')].find(
    (element) => element.textContent?.trim() === label,
  );

async function pick(label: string) {
  await waitFor(() =>
    act(() => {
      const found = radio(label);
      if (!found) throw new Error(`no choice "${label}"`);
      found.click();
    }),
  );
}

/** Types an entry into a TagsInput and leaves it (an entry is taken when the field is left). */
async function addTag(label: string, value: string) {
  await waitFor(() => act(() => field(label).focus()));
  await fill(label, value);
  await act(async () => field(label).blur());
}

describe('preboarding start', () => {
  it('starts the questionnaire and remembers the checkpoint', async () => {
    const { calls, router } = await open(
      '/organisation-setup/acme/preboarding/start',
      {},
      (call, org) =>
        call.method === 'PUT'
          ? answerWith(org, { checkpoint: 'questionnaire' })
          : errorResponse(404, 'Not Found'),
    );
    await waitFor(() => expect(textOf()).toContain("Let's set up Acme Surveys"));
    await click('Get started');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/organisation-setup/acme/preboarding/questionnaire/team',
      ),
    );
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/preboarding/checkpoint')[0])).toEqual({
      checkpoint: 'questionnaire',
    });
    expect(textOf()).toContain('How big is your team?');
  });

  it('skips the setup through a bypass and opens the projects page', async () => {
    const { calls, router } = await open(
      '/organisation-setup/acme/preboarding/start',
      {},
      (call, org) =>
        call.method === 'POST'
          ? answerWith(org, { bypass: true })
          : errorResponse(404, 'Not Found'),
    );
    await click('Skip setup');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(callsTo(calls, 'POST', '/preboarding/bypass')).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'));
  });
});

describe('the questionnaire', () => {
  it('saves each step on its own and moves the checkpoint to the invite step at the end', async () => {
    const { calls, router } = await open(
      '/organisation-setup/acme/preboarding/questionnaire/team',
      { checkpoint: 'questionnaire' },
      (call, org) => {
        if (call.url.endsWith('/preboarding/checkpoint'))
          return answerWith(org, { checkpoint: 'invite' });
        return answerWith(org, { checkpoint: 'questionnaire' });
      },
    );
    const at = (step: string) =>
      waitFor(() =>
        expect(router.state.location.pathname).toBe(
          `/organisation-setup/acme/preboarding/questionnaire/${step}`,
        ),
      );

    await pick('1–20');
    await pick('1–5');
    await click('Continue');
    await at('work');
    await addTag('Trades', 'Roofing');
    await addTag('Services', 'Inspections');
    await click('Continue');
    await at('accreditations');
    await addTag('Accreditations', 'CHAS');
    await click('Continue');
    await at('source');
    await pick('A trade show or event');
    await click('Continue to invites');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/preboarding/invite'),
    );

    expect(callsTo(calls, 'PUT', '/preboarding/questionnaire').map(jsonBodyOf)).toEqual([
      { number_of_site_employees: '1-20', number_of_office_employees: '1-5' },
      { trades: ['Roofing'], services: ['Inspections'] },
      { accreditations: ['CHAS'] },
      { lead_source: 'trade_show' },
    ]);
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/preboarding/checkpoint')[0])).toEqual({
      checkpoint: 'invite',
    });
  });

  it('shows what the server refused next to its question and stays on the step', async () => {
    const { router } = await open(
      '/organisation-setup/acme/preboarding/questionnaire/work',
      {
        checkpoint: 'questionnaire',
        questionnaire: { ...OPEN_PREBOARDING.questionnaire, trades: ['Roofing'] },
      },
      () =>
        errorResponse(422, 'Validation Failure', {
          errors: [{ field: 'trades.1', message: 'At most 100 characters', code: 'too_big' }],
        }),
    );
    await waitFor(() => expect(textOf()).toContain('Roofing'));
    await addTag('Trades', 'x'.repeat(101));
    await click('Continue');
    await waitFor(() => expect(textOf()).toContain('At most 100 characters'));
    expect(router.state.location.pathname).toBe(
      '/organisation-setup/acme/preboarding/questionnaire/work',
    );
  });

  it('sends an unknown step to the first one', async () => {
    const { router } = await open(
      '/organisation-setup/acme/preboarding/questionnaire/nope',
      {},
      () => errorResponse(404, 'Not Found'),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/organisation-setup/acme/preboarding/questionnaire/team',
      ),
    );
  });
});

describe('the invite step', () => {
  it('invites people, keeps those who could not be invited with the reason', async () => {
    const { calls } = await open(
      '/organisation-setup/acme/preboarding/invite',
      { checkpoint: 'invite' },
      (_, org) =>
        jsonResponse({
          invited: [
            { id: 'i1', email: 'olu@example.test', role: 'MANAGER', expires_at: '2026-02-01' },
          ],
          failed: [
            { email: 'ada@example.test', reason: 'Already a member', code: 'already_member' },
          ],
          organisation: { ...org, preboarding: { ...OPEN_PREBOARDING, checkpoint: 'invite' } },
        }),
    );
    await fill('Email 1', ' Olu@Example.test ');
    await fill('Email 2', 'ada@example.test');
    await click('Send invitations');
    await waitFor(() => expect(textOf()).toContain('Already a member'));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/preboarding/invite')[0])).toEqual({
      invites: [
        { email: 'Olu@Example.test', role: 'OPERATIVE' },
        { email: 'ada@example.test', role: 'OPERATIVE' },
      ],
    });
    expect(field('Email 1').value).toBe('ada@example.test');
    expect(document.querySelector('input[aria-label="Email 2"], #email-2')).toBeNull();
    expect(textOf()).toContain('Invitation sent');
  });

  it('puts a 422 about one address next to its row, leaving blank rows out', async () => {
    const { calls } = await open(
      '/organisation-setup/acme/preboarding/invite',
      { checkpoint: 'invite' },
      () =>
        errorResponse(422, 'Validation Failure', {
          errors: [
            {
              field: 'invites.0.email',
              message: 'Must be a valid e-mail address',
              code: 'invalid',
            },
          ],
        }),
    );
    await fill('Email 2', 'not-an-address');
    await click('Send invitations');
    await waitFor(() => expect(textOf()).toContain('Must be a valid e-mail address'));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/preboarding/invite')[0])).toEqual({
      invites: [{ email: 'not-an-address', role: 'OPERATIVE' }],
    });
    const email2 = field('Email 2');
    expect(email2.getAttribute('aria-invalid')).toBe('true');
    expect(field('Email 1').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('goes on to the last step when skipped', async () => {
    const { calls, router } = await open(
      '/organisation-setup/acme/preboarding/invite',
      { checkpoint: 'invite' },
      () => errorResponse(404, 'Not Found'),
    );
    await click('Skip for now');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/preboarding/complete'),
    );
    expect(callsTo(calls, 'POST', '/preboarding/invite')).toHaveLength(0);
  });
});

describe('completing', () => {
  it('completes preboarding and lands on the projects page', async () => {
    const { calls, router } = await open(
      '/organisation-setup/acme/preboarding/complete',
      { checkpoint: 'invite' },
      (call, org) =>
        call.method === 'POST'
          ? answerWith(org, { checkpoint: 'complete', completed_at: '2026-02-01T10:00:00.000Z' })
          : errorResponse(404, 'Not Found'),
    );
    await click('Go to projects');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(callsTo(calls, 'POST', '/preboarding/complete')).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'));
  });

  it('shows a failure to complete and stays', async () => {
    const { router } = await open('/organisation-setup/acme/preboarding/complete', {}, () =>
      errorResponse(403, 'Forbidden', { message: 'Only admins may do this' }),
    );
    await click('Go to projects');
    await waitFor(() => expect(textOf()).toContain('Only admins may do this'));
    expect(router.state.location.pathname).toBe('/organisation-setup/acme/preboarding/complete');
  });
});

describe('the preboarding redirects in the setup area', () => {
  it('sends a completed organisation from its preboarding pages to projects', async () => {
    const { router } = await open(
      '/organisation-setup/acme/preboarding/questionnaire/team',
      { completed_at: '2026-02-01T10:00:00.000Z' },
      () => errorResponse(404, 'Not Found'),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
  });

  it('sends a member who is not an admin from preboarding to projects', async () => {
    const { router } = await open(
      '/organisation-setup/acme/preboarding/start',
      {},
      () => errorResponse(404, 'Not Found'),
      'MANAGER',
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
  });

  it('opens the setup area at the preboarding start', async () => {
    const { router } = await open('/organisation-setup/acme', {}, () =>
      errorResponse(404, 'Not Found'),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/preboarding/start'),
    );
  });
});

describe('the preboarding redirects on organisation pages', () => {
  it('sends an admin of an organisation not set up yet to the preboarding start', async () => {
    const { router } = await open(
      '/organisations/acme/clients',
      { checkpoint: 'questionnaire' },
      () => errorResponse(404, 'Not Found'),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/preboarding/start'),
    );
    await waitFor(() => expect(textOf()).toContain('Continue setup'));
  });

  it('sends them to the invite step when that is where they stopped', async () => {
    const { router } = await open(
      '/organisations/acme/settings/profile',
      { checkpoint: 'invite' },
      () => errorResponse(404, 'Not Found'),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/preboarding/invite'),
    );
  });

  it('lets other members work while the organisation is being set up', async () => {
    const { router } = await open(
      '/organisations/acme/projects',
      {},
      () => errorResponse(404, 'Not Found'),
      'MANAGER',
    );
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'));
    expect(router.state.location.pathname).toBe('/organisations/acme/projects');
  });

  it('lets a bypassed organisation use its pages', async () => {
    const { router } = await open('/organisations/acme/projects', { bypass: true }, () =>
      errorResponse(404, 'Not Found'),
    );
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'));
    expect(router.state.location.pathname).toBe('/organisations/acme/projects');
  });
});
