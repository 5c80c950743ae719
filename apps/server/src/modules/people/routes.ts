import {
  acceptMembershipInviteBodySchema,
  guestInviteBodySchema,
  guestInviteSchema,
  guestsOverviewSchema,
  idSchema,
  memberCreateSchema,
  memberInviteBodySchema,
  memberInviteSchema,
  membersOverviewSchema,
  membershipInvitePublicSchema,
  membershipSchema,
  organisationInviteBodySchema,
  organisationInviteCreatedSchema,
  organisationInvitePublicSchema,
  organisationInviteSchema,
  type Role,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import { resourceListRoute, resourceRoutes } from '../../platform/resource-kit';
import { guestsResource } from './guests.resource';
import { userProfilesResource } from './user-profiles.resource';
import { guestsOverview, membersOverview } from './guests';
import { memberListResource, membersResource } from './members.resource';
import { guestInvitesResource, memberInvitesResource } from './invite-records.resource';
import {
  acceptLink,
  acceptMembershipInvite,
  cancelInvite,
  createInvite,
  createLink,
  listLinks,
  lookupLink,
  lookupMembershipInvite,
  presentInvite,
  resendInvite,
  revokeLink,
} from './invites';
const idParams = z.object({ id: idSchema });
const tokenParams = z.object({ token: z.string().min(16).max(200) });
const one = (schema: z.ZodType) => z.object({ data: schema });
const membershipAnswer = z.object({ membership: membershipSchema });

/** POST /members and POST /members/invites: an invite by e-mail as a member (with teams if sent). */
async function inviteMember(
  ctx: OrganisationContext,
  body: { email: string; role: Role; team_ids?: string[] },
) {
  const invite = await createInvite(ctx, {
    email: body.email,
    role: body.role,
    guest: false,
    projectIds: [],
    teamIds: body.team_ids ?? [],
  });
  return { data: await presentInvite(ctx, invite) };
}

const members = ['Members'];
const guests = ['Guests'];
const invites = ['Invites'];

export const peopleRoutes = () => [
  // Members ----------------------------------------------------------------------------------
  route({
    method: 'GET',
    path: '/members',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: members,
    summary: 'Members (not guests) by state: active, inactive, and open invites',
    accessNote: 'Employment details only to ADMIN and the member themself',
    response: membersOverviewSchema,
    handler: async (ctx) => membersOverview(ctx),
  }),
  resourceListRoute(memberListResource, {
    path: '/members/query',
    summary: 'Members (not guests) through the list grammar',
    tags: members,
  }),
  route({
    method: 'POST',
    path: '/members/invites',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: invites,
    summary: "Invite an e-mail address as a member; 409 'already_member' or 'already_invited'",
    body: memberInviteBodySchema,
    status: 201,
    response: one(memberInviteSchema),
    handler: (ctx, { body }) => inviteMember(ctx, body),
  }),
  route({
    method: 'POST',
    path: '/members',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: members,
    summary:
      "Invite an e-mail address as a member with a role and teams (the answer is the invite); 409 'already_member' or 'already_invited'",
    body: memberCreateSchema,
    status: 201,
    response: one(memberInviteSchema),
    handler: (ctx, { body }) => inviteMember(ctx, body),
  }),
  ...resourceRoutes(memberInvitesResource),
  route({
    method: 'POST',
    path: '/members/invites/:id/resend',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: invites,
    summary: 'Send a member invite again with a fresh link and expiry',
    params: idParams,
    response: one(memberInviteSchema),
    handler: async (ctx, { params }) => ({
      data: await presentInvite(ctx, await resendInvite(ctx, params.id, false)),
    }),
  }),
  ...(['POST', 'DELETE'] as const).map((method) =>
    route({
      method,
      path: method === 'POST' ? '/members/invites/:id/cancel' : '/members/invites/:id',
      access: 'organisation',
      minRole: 'ADMIN',
      tags: invites,
      summary: 'Cancel a member invite: its link stops working',
      params: idParams,
      handler: async (ctx, { params }) => {
        await cancelInvite(ctx, params.id, false);
        return undefined;
      },
    }),
  ),
  ...resourceRoutes(membersResource),

  // Guests -----------------------------------------------------------------------------------
  route({
    method: 'GET',
    path: '/guests',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: guests,
    summary: 'Active guests and open guest invites',
    response: guestsOverviewSchema,
    handler: async (ctx) => guestsOverview(ctx),
  }),
  ...resourceRoutes(guestInvitesResource),
  ...resourceRoutes(guestsResource),
  ...resourceRoutes(userProfilesResource),
  ...(['/guests', '/guests/invite'] as const).map((path) =>
    route({
      method: 'POST',
      path,
      access: 'organisation',
      minRole: 'MANAGER',
      noApiKeys: true,
      tags: guests,
      summary:
        "Invite an e-mail address as a guest of projects (the answer is the invite); 409 'already_member' or 'already_invited'",
      body: guestInviteBodySchema,
      status: 201,
      response: one(guestInviteSchema),
      handler: async (ctx, { body }) => ({
        data: await presentInvite(
          ctx,
          await createInvite(ctx, {
            email: body.email,
            role: 'GUEST',
            guest: true,
            projectIds: body.project_ids,
          }),
        ),
      }),
    }),
  ),
  route({
    method: 'POST',
    path: '/guests/invites/:id/resend',
    access: 'organisation',
    minRole: 'MANAGER',
    noApiKeys: true,
    tags: guests,
    summary: 'Send a guest invite again with a fresh link and expiry',
    params: idParams,
    response: one(guestInviteSchema),
    handler: async (ctx, { params }) => ({
      data: await presentInvite(ctx, await resendInvite(ctx, params.id, true)),
    }),
  }),
  route({
    method: 'DELETE',
    path: '/guests/invites/:id',
    access: 'organisation',
    minRole: 'MANAGER',
    noApiKeys: true,
    tags: guests,
    summary: 'Cancel a guest invite',
    params: idParams,
    handler: async (ctx, { params }) => {
      await cancelInvite(ctx, params.id, true);
      return undefined;
    },
  }),
  // Invite acceptance and invite links ---------------------------------------------------------
  route({
    method: 'GET',
    path: '/membership_invites/:token',
    access: 'public',
    tags: invites,
    summary: 'What an e-mailed invite is for; 404 once used, cancelled or expired',
    params: tokenParams,
    response: one(membershipInvitePublicSchema),
    handler: async (ctx, { params }) => ({ data: await lookupMembershipInvite(ctx, params.token) }),
  }),
  route({
    method: 'POST',
    path: '/me/membership_invites/:id/accept',
    access: 'user',
    tags: invites,
    summary:
      "Accept an invite sent to your e-mail (or send its token); 409 'invite_used' once used, cancelled or expired",
    accessNote: "The invite's addressee, or whoever sends its token",
    params: idParams,
    body: acceptMembershipInviteBodySchema,
    response: membershipAnswer,
    handler: async (ctx, { params, body }) => acceptMembershipInvite(ctx, params.id, body?.token),
  }),
  route({
    method: 'POST',
    path: '/organisation_invites',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: invites,
    summary: 'Create an invite link with a role; its token is shown only in this answer',
    body: organisationInviteBodySchema,
    status: 201,
    response: one(organisationInviteCreatedSchema),
    handler: async (ctx, { body }) => ({ data: await createLink(ctx, body) }),
  }),
  route({
    method: 'GET',
    path: '/organisation_invites',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: invites,
    summary: 'Invite links not revoked',
    response: z.object({ data: z.array(organisationInviteSchema) }),
    handler: async (ctx) => ({ data: await listLinks(ctx) }),
  }),
  route({
    method: 'DELETE',
    path: '/organisation_invites/:id',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: invites,
    summary: 'Revoke an invite link',
    params: idParams,
    handler: async (ctx, { params }) => {
      await revokeLink(ctx, params.id);
      return undefined;
    },
  }),
  route({
    method: 'GET',
    path: '/organisation_invites/:token',
    access: 'public',
    tags: invites,
    summary: 'What an invite link is for; 404 once revoked or expired',
    params: tokenParams,
    response: one(organisationInvitePublicSchema),
    handler: async (ctx, { params }) => ({ data: await lookupLink(ctx, params.token) }),
  }),
  route({
    method: 'POST',
    path: '/me/organisation_invites/:token/accept',
    access: 'user',
    tags: invites,
    summary: "Join an organisation through an invite link; 409 'already_member'",
    params: tokenParams,
    response: membershipAnswer,
    handler: async (ctx, { params }) => acceptLink(ctx, params.token),
  }),
];
