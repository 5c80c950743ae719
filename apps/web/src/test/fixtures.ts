import type { Client, MeContext, Membership, Organisation, User } from '@fieldwork/contract';

const TIMESTAMP = '2026-01-01T00:00:00.000Z';
let sequence = 0;

/** A fresh 24-character hex id. */
export function makeId(): string {
  sequence += 1;
  return sequence.toString(16).padStart(24, '0');
}

export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? makeId();
  return {
    id,
    _id: id,
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
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
  const id = overrides.id ?? makeId();
  return {
    id,
    _id: id,
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
    slug: `org-${id.slice(-4)}`,
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
    id: makeId(),
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
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
    preferences: { new_jobs_experience_enabled: false, auto_proceed_on_approval: false },
    metrics: {
      signed_documents: 0,
      signed_documents_outstanding: 0,
      signed_documents_last_interaction: null,
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
    id: makeId(),
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
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
