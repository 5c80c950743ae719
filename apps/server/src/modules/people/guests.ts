import type { Guest, GuestsOverview, Member } from '@fieldwork/contract';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { listInvites } from './invites';
import { presentGuest, selectMembers } from './members';

/** Guests: memberships with the guest flag (role GUEST), invited by e-mail to projects. */

export async function guestsOverview(ctx: OrganisationContext): Promise<GuestsOverview> {
  const guests = await selectMembers(ctx, 'm.guest AND m.active');
  return { active: guests.map(presentGuest), invited: await listInvites(ctx, true) };
}

/** A guest by user or membership id; members who are not guests are not found here. */
export async function requireGuest(ctx: OrganisationContext, id: string): Promise<Member> {
  const [guest] = await selectMembers(ctx, 'm.guest AND (m.user_id = $2 OR m.id = $2)', [id]);
  if (!guest) throw notFound('Guest');
  return guest;
}

export const guestData = (member: Member): { data: Guest } => ({ data: presentGuest(member) });
