import type { Role } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { makeContext, makeMembership, makeOrganisation } from '../test/fixtures';
import { readRememberedOrganisationId } from './persisted-session';
import {
  currentMembership,
  currentOrganisation,
  isAdmin,
  isAtLeastRole,
  isGuest,
  isImpersonating,
  isManager,
  isOwner,
  selectOrganisation,
} from './session-helpers';
import { session } from './session-state';

function signInAs(role: Role, flags: { guest?: boolean; owner?: boolean } = {}) {
  const organisation = makeOrganisation();
  const context = makeContext([organisation]);
  const membership = makeMembership(organisation, context.user, { role, ...flags });
  session.update({
    user: context.user,
    organisations: [organisation],
    memberships: [membership],
    organisationId: organisation.id,
  });
  return { organisation, membership };
}

describe('current membership and organisation', () => {
  it('finds the membership and organisation of the current organisation id', () => {
    const { organisation, membership } = signInAs('MANAGER');
    expect(currentMembership()).toBe(membership);
    expect(currentOrganisation()).toBe(organisation);
  });

  it('fails with the spec texts', () => {
    expect(() => currentMembership()).toThrow('you are not logged in');
    signInAs('ADMIN');
    session.update({ organisationId: null });
    expect(() => currentMembership()).toThrow('organisation id has not been set');
    session.update({ organisationId: 'ffffffffffffffffffffffff', memberships: [] });
    expect(() => currentMembership()).toThrow(
      'could not find a membership for the id ffffffffffffffffffffffff',
    );
    expect(() => currentOrganisation()).toThrow(
      'could not find an organisation for the id ffffffffffffffffffffffff',
    );
  });
});

describe('selectOrganisation', () => {
  it('sets and remembers an organisation of the user', () => {
    const { organisation } = signInAs('ADMIN');
    session.update({ organisationId: null });
    selectOrganisation(organisation.id);
    expect(session.get().organisationId).toBe(organisation.id);
    expect(readRememberedOrganisationId()).toBe(organisation.id);
  });

  it('refuses a missing id and an organisation the user is not in', () => {
    signInAs('ADMIN');
    expect(() => selectOrganisation('')).toThrow('invalid organisationId');
    expect(() => selectOrganisation(undefined)).toThrow('invalid organisationId');
    expect(() => selectOrganisation('eeeeeeeeeeeeeeeeeeeeeeee')).toThrow(
      'could not find an organisation for the id eeeeeeeeeeeeeeeeeeeeeeee',
    );
  });
});

describe('role checks', () => {
  it.each<[Role, boolean, boolean]>([
    ['ADMIN', true, false],
    ['MANAGER', false, true],
    ['OPERATIVE', false, false],
  ])('%s: admin %s, manager %s', (role, admin, manager) => {
    signInAs(role);
    expect(isAdmin()).toBe(admin);
    expect(isManager()).toBe(manager);
  });

  it('compares roles by the contract rank order', () => {
    signInAs('MANAGER');
    expect(isAtLeastRole('GUEST')).toBe(true);
    expect(isAtLeastRole('OPERATIVE')).toBe(true);
    expect(isAtLeastRole('MANAGER')).toBe(true);
    expect(isAtLeastRole('ADMIN')).toBe(false);
  });

  it('reads the guest and owner flags and the impersonation flag', () => {
    signInAs('GUEST', { guest: true, owner: false });
    expect(isGuest()).toBe(true);
    expect(isOwner()).toBe(false);
    expect(isImpersonating()).toBe(false);
    session.update({ impersonating: true });
    expect(isImpersonating()).toBe(true);
  });
});
