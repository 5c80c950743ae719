import { ROLE_RANK } from '@fieldwork/contract';
import type { Membership, Organisation, Role } from '@fieldwork/contract';
import { rememberOrganisationId } from './persisted-session';
import { session } from './session-state';
import type { SessionState } from './session-state';

/** The session helpers of spec/platform.md §6, reading the shared client state. */

export function currentOrganisationId(state: SessionState = session.get()): string {
  if (!state.organisationId) throw new Error('organisation id has not been set');
  return state.organisationId;
}

export function currentMembership(state: SessionState = session.get()): Membership {
  if (!state.user) throw new Error('you are not logged in');
  const organisationId = currentOrganisationId(state);
  const membership = state.memberships.find((item) => item.organisation_id === organisationId);
  if (!membership) throw new Error(`could not find a membership for the id ${organisationId}`);
  return membership;
}

export function currentOrganisation(state: SessionState = session.get()): Organisation {
  if (!state.user) throw new Error('you are not logged in');
  return findOrganisation(currentOrganisationId(state), state);
}

function findOrganisation(organisationId: string, state: SessionState): Organisation {
  const organisation = state.organisations.find((item) => item.id === organisationId);
  if (!organisation) throw new Error(`could not find an organisation for the id ${organisationId}`);
  return organisation;
}

/** Makes an organisation of the signed-in user the current one, and remembers it. */
export function selectOrganisation(organisationId: unknown, state: SessionState = session.get()) {
  if (typeof organisationId !== 'string' || organisationId === '') {
    throw new Error('invalid organisationId');
  }
  findOrganisation(organisationId, state);
  session.update({ organisationId });
  rememberOrganisationId(organisationId);
}

export const isAdmin = (state?: SessionState) => currentMembership(state).role === 'ADMIN';
export const isManager = (state?: SessionState) => currentMembership(state).role === 'MANAGER';
export const isGuest = (state?: SessionState) => currentMembership(state).guest;
export const isOwner = (state?: SessionState) => currentMembership(state).owner;
export const isImpersonating = (state: SessionState = session.get()) => state.impersonating;

/** True when the current role ranks at least as high as `role` (ROLE_RANK of the contract). */
export function isAtLeastRole(role: Role, state?: SessionState): boolean {
  return ROLE_RANK[currentMembership(state).role] >= ROLE_RANK[role];
}
