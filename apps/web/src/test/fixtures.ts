import { DEFAULT_NOTIFICATION_PREFERENCES } from '@fieldwork/contract';
import type {
  Client,
  MeContext,
  Membership,
  Organisation,
  Preboarding,
  Site,
  User,
} from '@fieldwork/contract';

export const TIMESTAMP = '2026-01-01T00:00:00.000Z';
let sequence = 0;

/** A fresh 24-character hex id. */
export function makeId(): string {
  sequence += 1;
  return sequence.toString(16).padStart(24, '0');
}

/** What every stored record starts with: an id (a fresh one by default) and TIMESTAMP twice. */
export function stamped(id = makeId()) {
  return { id, created_at: TIMESTAMP, updated_at: TIMESTAMP };
}

/** The same for the older entities that also carry their id as `_id`. */
const stampedWithLegacyId = (id = makeId()) => ({ ...stamped(id), _id: id });

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    ...stampedWithLegacyId(overrides.id),
    name: 'Ada Builder',
    email: 'ada@example.test',
    phone: null,
    email_verified_at: null,
    password_updated_at: null,
    ids: {},
    ...overrides,
  };
}

export function makeOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  const stamp = stampedWithLegacyId(overrides.id);
  return {
    ...stamp,
    slug: `org-${stamp.id.slice(-4)}`,
    name: 'Acme Surveys',
    ids: {},
    plan: {
      status: 'TRIAL',
      waived: false,
      can_edit_seats: true,
      trial_id: null,
      subscription_id: null,
      overdue_ignored_until: null,
      seats: { total: 5, used: 1, available: 4 },
      customer_success_manager: null,
      subscription: null,
    },
    options: {},
    // Set up already: the preboarding redirects leave its pages alone.
    preboarding: {
      questionnaire: {},
      checkpoint: 'complete',
      completed_at: TIMESTAMP,
      bypass: false,
      bypassed_at: null,
    },
    ...overrides,
  };
}

export function makeMembership(
  organisation: Organisation,
  user: User,
  overrides: Partial<Membership> = {},
): Membership {
  return {
    ...stamped(),
    organisation_id: organisation.id,
    organisation_name: organisation.name,
    user_id: user.id,
    user_name: user.name,
    user_email: user.email,
    role: 'ADMIN',
    guest: false,
    owner: true,
    active: true,
    team_ids: [],
    projects: [],
    preferences: {
      new_jobs_experience_enabled: false,
      auto_proceed_on_approval: false,
      notifications: DEFAULT_NOTIFICATION_PREFERENCES,
      daily_digest: false,
    },
    deleted_at: null,
    ...overrides,
  };
}

/** A context where the user belongs to the given organisations (one fresh one by default). */
export function makeContext(
  organisations: Organisation[] = [makeOrganisation()],
  overrides: Partial<MeContext> = {},
): MeContext {
  const user = makeUser();
  return {
    user,
    memberships: organisations.map((organisation) => makeMembership(organisation, user)),
    organisations,
    legacyTeams: [],
    intercom: { user_id: user.id, user_hash: 'hash', name: user.name, email: user.email },
    now: Date.now(),
    impersonating: false,
    impersonator: null,
    support: false,
    ...overrides,
  };
}

export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    ...stamped(),
    owner_id: null,
    owner_name: null,
    name: 'Northwind Construction',
    last_activity_at: null,
    archived_at: null,
    project_count: 0,
    // as the server answers an admin
    permissions: { update: true, delete: true, force_delete: true, archive: true },
    ...overrides,
  };
}

/** A context where `user` belongs to `organisation` alone: an owner as an admin, a guest as a guest. */
export function makeMemberContext(
  organisation: Organisation,
  user: User,
  membership: Partial<Membership> = {},
): MeContext {
  const role = membership.role ?? 'ADMIN';
  const standing = { role, owner: role === 'ADMIN', guest: role === 'GUEST', ...membership };
  return makeContext([organisation], {
    user,
    memberships: [makeMembership(organisation, user, standing)],
  });
}

export function makeSite(overrides: Partial<Site> = {}): Site {
  return {
    ...stamped(),
    name: 'Holbeck Works',
    name_is_custom: true,
    address_line_1: 'Marshall Street',
    address_line_2: null,
    city: 'Leeds',
    postcode: 'LS11 9YJ',
    country: { name: 'United Kingdom', iso_code: 'GB' },
    full_address: 'Marshall Street, Leeds, LS11 9YJ, United Kingdom',
    coordinates: null,
    what3words: null,
    notes: null,
    deleted_at: null,
    ...overrides,
  };
}

/** A preboarding nobody has started: no answers, no checkpoint, not completed or bypassed. */
export const OPEN_PREBOARDING: Preboarding = {
  questionnaire: {
    number_of_site_employees: null,
    number_of_office_employees: null,
    trades: [],
    services: [],
    accreditations: [],
    lead_source: null,
  },
  checkpoint: null,
  completed_at: null,
  bypass: false,
  bypassed_at: null,
};

/** A stored attribute value with nothing in any of its value columns. */
export const NO_ATTRIBUTE_VALUES = {
  value_string: null,
  value_number: null,
  value_boolean: null,
  value_date: null,
  value_option: null,
  value_options: null,
};
