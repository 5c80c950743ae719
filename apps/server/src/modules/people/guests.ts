import {
  ROLE_RANK,
  type Guest,
  type GuestsOverview,
  type Member,
  type MembersOverview,
} from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { reader } from '../../platform/resource-kit';
import { guestsResource } from './guests.resource';
import { listInvites } from './invites';
import { memberListResource } from './members.resource';

/**
 * The people screens' whole lists (GET /members, GET /guests), read through the kit's reader:
 * members by state and active guests, each with their permissions, and the open invites.
 * `meta.permissions` says what the caller may do with the list (invite, and each verb).
 */

const members = reader(memberListResource);
const guests = reader(guestsResource);

export async function membersOverview(ctx: OrganisationContext): Promise<MembersOverview> {
  const all = (await members.all(ctx)) as unknown as Member[];
  return {
    active: all.filter((member) => member.active),
    inactive: all.filter((member) => !member.active),
    invited: await listInvites(ctx, false),
    meta: { permissions: { ...members.collectionPermissions(ctx), invite: invites(ctx, 'ADMIN') } },
  };
}

export async function guestsOverview(ctx: OrganisationContext): Promise<GuestsOverview> {
  return {
    active: (await guests.all(ctx, { active: ['true'] })) as unknown as Guest[],
    invited: await listInvites(ctx, true),
    meta: {
      permissions: { ...guests.collectionPermissions(ctx), invite: invites(ctx, 'MANAGER') },
    },
  };
}

/** Inviting: the role of POST /members/invites or /guests/invite (API keys invite no guests). */
const invites = (ctx: OrganisationContext, role: 'ADMIN' | 'MANAGER') =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK[role] && (role === 'ADMIN' || !ctx.actor.apiKeyId);
