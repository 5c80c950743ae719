import { PREBOARDING_CHECKPOINTS } from '@fieldwork/contract';
import type { PreboardingCheckpoint } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { makeOrganisation, OPEN_PREBOARDING } from '../../test/fixtures';
import { preboardingRedirect } from './preboarding-redirect';
import type { PreboardingTarget } from './preboarding-redirect';
import { preboardingPlaceOf } from './preboarding-paths';
import type { PreboardingPlace } from './preboarding-paths';
import { preboardingOf } from './preboarding-state';

const DONE_AT = '2026-02-01T10:00:00.000Z';

type State = 'bypassed' | 'completed' | 'bypassed and completed' | 'open';
const states: Record<State, { bypass: boolean; completed_at: string | null }> = {
  bypassed: { bypass: true, completed_at: null },
  completed: { bypass: false, completed_at: DONE_AT },
  'bypassed and completed': { bypass: true, completed_at: DONE_AT },
  open: { bypass: false, completed_at: null },
};

const PLACES: PreboardingPlace[] = ['preboarding', 'setup-area', 'outside'];
const CHECKPOINTS: Array<PreboardingCheckpoint | null> = [null, ...PREBOARDING_CHECKPOINTS];

/** Every row of platform §4 "Preboarding", for a member who may set the organisation up. */
function expected(state: State, place: PreboardingPlace, checkpoint: PreboardingCheckpoint | null) {
  if (state !== 'open') return place === 'preboarding' ? 'projects' : null;
  if (place !== 'outside') return null;
  return checkpoint === 'invite' ? 'invite' : 'start';
}

describe('preboardingRedirect', () => {
  const rows = (Object.keys(states) as State[]).flatMap((state) =>
    PLACES.flatMap((place) => CHECKPOINTS.map((checkpoint) => [state, place, checkpoint] as const)),
  );

  it.each(rows)('%s, on a page %s, checkpoint %s', (state, place, checkpoint) => {
    expect(
      preboardingRedirect({
        place,
        preboarding: { ...states[state], checkpoint },
        canSetUp: true,
      }),
    ).toBe(expected(state, place, checkpoint));
  });

  it('spells out the rows of the spec', () => {
    const open = { bypass: false, completed_at: null };
    const cases: Array<[Parameters<typeof preboardingRedirect>[0], PreboardingTarget | null]> = [
      // Bypassed or completed: preboarding pages go to projects, nothing else moves.
      [
        {
          place: 'preboarding',
          preboarding: { ...states.bypassed, checkpoint: null },
          canSetUp: true,
        },
        'projects',
      ],
      [
        {
          place: 'preboarding',
          preboarding: { ...states.completed, checkpoint: 'complete' },
          canSetUp: true,
        },
        'projects',
      ],
      [
        {
          place: 'outside',
          preboarding: { ...states.completed, checkpoint: 'invite' },
          canSetUp: true,
        },
        null,
      ],
      // Not completed, outside the setup area: start, or invite at the invite checkpoint.
      [
        { place: 'outside', preboarding: { ...open, checkpoint: 'questionnaire' }, canSetUp: true },
        'start',
      ],
      [
        { place: 'outside', preboarding: { ...open, checkpoint: 'invite' }, canSetUp: true },
        'invite',
      ],
      // Not completed, inside the setup area (preboarding or subscription pages): stay.
      [
        { place: 'preboarding', preboarding: { ...open, checkpoint: 'invite' }, canSetUp: true },
        null,
      ],
      [{ place: 'setup-area', preboarding: { ...open, checkpoint: null }, canSetUp: true }, null],
    ];
    for (const [input, target] of cases) expect(preboardingRedirect(input)).toBe(target);
  });

  it('never sends a member who may not set up into preboarding, and takes them out of it', () => {
    for (const place of PLACES) {
      for (const checkpoint of CHECKPOINTS) {
        expect(
          preboardingRedirect({
            place,
            preboarding: { ...states.open, checkpoint },
            canSetUp: false,
          }),
        ).toBe(place === 'preboarding' ? 'projects' : null);
      }
    }
  });
});

describe('preboardingPlaceOf', () => {
  it.each([
    ['/organisation-setup/acme/preboarding/start', 'preboarding'],
    ['/organisation-setup/acme/preboarding/questionnaire/team', 'preboarding'],
    ['/organisation-setup/acme/preboarding', 'preboarding'],
    ['/organisation-setup/acme/subscription/start', 'setup-area'],
    ['/organisation-setup/acme', 'setup-area'],
    ['/organisation-setup/acme-two/preboarding/start', 'outside'],
    ['/organisations/acme/projects', 'outside'],
    ['/organisations/acme/account/organisation', 'outside'],
  ] as const)('%s is %s', (pathname, place) => {
    expect(preboardingPlaceOf(pathname, 'acme')).toBe(place);
  });
});

describe('preboardingOf', () => {
  it('reads the server record', () => {
    const organisation = makeOrganisation({
      preboarding: {
        questionnaire: {
          number_of_site_employees: '1-20',
          number_of_office_employees: '1-5',
          trades: ['Roofing'],
          services: [],
          accreditations: ['CHAS'],
          lead_source: 'trade_show',
        },
        checkpoint: 'invite',
        completed_at: null,
        bypass: false,
        bypassed_at: null,
      },
    });
    expect(preboardingOf(organisation)).toEqual(organisation.preboarding);
  });

  it('reads a missing or malformed record as an open preboarding with no answers', () => {
    const organisation = makeOrganisation({
      preboarding: { checkpoint: 'elsewhere', bypass: 'yes', questionnaire: { trades: 'x' } },
    });
    expect(preboardingOf(organisation)).toEqual(OPEN_PREBOARDING);
  });
});
