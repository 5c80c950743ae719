import {
  acceptMembershipInviteBodySchema,
  addToProjectsBodySchema,
  addToTeamsBodySchema,
  changeToGuestBodySchema,
  changeToMemberBodySchema,
  employmentInfoBodySchema,
  guestInviteBodySchema,
  guestInviteSchema,
  guestSchema,
  guestsOverviewSchema,
  idSchema,
  memberInviteBodySchema,
  memberInviteSchema,
  memberRoleBodySchema,
  memberSchema,
  membersOverviewSchema,
  membershipInvitePublicSchema,
  membershipSchema,
  organisationInviteBodySchema,
  organisationInviteCreatedSchema,
  organisationInvitePublicSchema,
  organisationInviteSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import { resourceListRoute } from '../../platform/resource-kit';
import { membersResource } from './members.resource';
import { guestData, guestsOverview, requireGuest } from './guests';
import {
  acceptLink,
  acceptMembershipInvite,
  cancelInvite,
  createInvite,
  createLink,
  listInvites,
  listLinks,
  lookupLink,
  lookupMembershipInvite,
  presentInvite,
  resendInvite,
  revokeLink,
} from './invites';
import {
  addGuestProjects,
  addToTeams,
  changeRole,
  changeToGuest,
  changeToMember,
  deleteMember,
  requireMember,
  selectMembers,
  setActive,
  updateEmploymentInfo,
} from './members';

const idParams = z.object({ id: idSchema });
const tokenParams = z.object({ token: z.string().min(16).max(200) });
const forceQuery = z.object({ force: z.enum(['true', 'false', '1', '0']).optional() }).loose();
const one = (schema: z.ZodType) => z.object({ data: schema });
const membershipAnswer = z.object({ membership: membershipSchema });

const members = ['Members'];
const guests = ['Guests'];
const invites = ['Invites'];

const memberData = async (ctx: OrganisationContext, id: string) => ({
  data: await requireMember(ctx, id),
});

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
    handler: async (ctx) => {
      const all = await selectMembers(ctx, 'NOT m.guest');
      return {
        active: all.filter((member) => member.active),
        inactive: all.filter((member) => !member.active),
        invited: await listInvites(ctx, false),
      };
    },
  }),
  resourceListRoute(membersResource, {
    path: '/members/query',
    summary: 'Members (not guests) through the list grammar',
    tags: members,
  }),
  route({
    method: 'GET',
    path: '/members/invites',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: invites,
    summary: 'Open member invites (expired ones too, so they can be resent)',
    response: z.object({ data: z.array(memberInviteSchema) }),
    handler: async (ctx) => ({ data: await listInvites(ctx, false) }),
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
    handler: async (ctx, { body }) => ({
      data: await presentInvite(
        ctx,
        await createInvite(ctx, {
          email: body.email,
          role: body.role,
          guest: false,
          projectIds: [],
        }),
      ),
    }),
  }),
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
  route({
    method: 'GET',
    path: '/members/:id',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: members,
    summary: 'One member (or guest) by user id or membership id',
    accessNote: 'Employment details only to ADMIN and the member themself',
    params: idParams,
    response: one(memberSchema),
    handler: async (ctx, { params }) => memberData(ctx, params.id),
  }),
  route({
    method: 'PUT',
    path: '/members/:id/role',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: members,
    summary: "Change a member's role (not your own; an owner stays ADMIN)",
    accessNote: 'Not your own membership; an owner stays ADMIN',
    params: idParams,
    body: memberRoleBodySchema,
    response: one(memberSchema),
    handler: async (ctx, { params, body }) => {
      await changeRole(ctx, await requireMember(ctx, params.id), body.role);
      return memberData(ctx, params.id);
    },
  }),
  route({
    method: 'PUT',
    path: '/members/:id/employment_info',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: members,
    summary: 'Set employee number, tax number, hourly and daily rate (fields not sent stay)',
    params: idParams,
    body: employmentInfoBodySchema,
    response: one(memberSchema),
    handler: async (ctx, { params, body }) => {
      await updateEmploymentInfo(ctx, await requireMember(ctx, params.id), body);
      return memberData(ctx, params.id);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/add_to_teams',
    access: 'organisation',
    minRole: 'MANAGER',
    noApiKeys: true,
    tags: members,
    summary: 'Add an active member to teams',
    params: idParams,
    body: addToTeamsBodySchema,
    response: one(memberSchema),
    handler: async (ctx, { params, body }) => {
      await addToTeams(ctx, await requireMember(ctx, params.id), body.team_ids);
      return memberData(ctx, params.id);
    },
  }),
  ...(['activate', 'deactivate'] as const).map((action) =>
    route({
      method: 'POST',
      path: `/members/:id/${action}`,
      access: 'organisation',
      minRole: 'ADMIN',
      tags: members,
      summary:
        action === 'activate'
          ? 'Give a deactivated member access again'
          : 'End a member’s access at once (not yourself, not an owner)',
      accessNote: 'Not your own membership, nor an owner',
      params: idParams,
      response: one(memberSchema),
      handler: async (ctx, { params }) => {
        await setActive(ctx, await requireMember(ctx, params.id), action === 'activate');
        return memberData(ctx, params.id);
      },
    }),
  ),
  route({
    method: 'POST',
    path: '/members/:id/change_to_guest',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: members,
    summary: 'Make a member a guest (leaves their teams), optionally of projects',
    accessNote: 'Not your own membership, nor an owner',
    params: idParams,
    body: changeToGuestBodySchema.optional(),
    response: one(guestSchema),
    handler: async (ctx, { params, body }) => {
      await changeToGuest(ctx, await requireMember(ctx, params.id), body?.project_ids ?? []);
      return guestData(await requireGuest(ctx, params.id));
    },
  }),
  route({
    method: 'DELETE',
    path: '/members/:id',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: members,
    summary:
      "Remove a member; 409 'member_has_records' while they own clients or lead teams, unless ?force=true (the clients pass to you)",
    forceRole: 'ADMIN',
    accessNote: 'Not your own membership, nor an owner',
    params: idParams,
    query: forceQuery,
    handler: async (ctx, { params, query }) => {
      const force = query.force === 'true' || query.force === '1';
      await deleteMember(ctx, await requireMember(ctx, params.id), force);
      return undefined;
    },
  }),

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
  route({
    method: 'GET',
    path: '/guests/:id',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: guests,
    summary: 'One guest by user id or membership id',
    params: idParams,
    response: one(guestSchema),
    handler: async (ctx, { params }) => guestData(await requireGuest(ctx, params.id)),
  }),
  route({
    method: 'POST',
    path: '/guests/invite',
    access: 'organisation',
    minRole: 'MANAGER',
    noApiKeys: true,
    tags: guests,
    summary:
      "Invite an e-mail address as a guest of projects; 409 'already_member' or 'already_invited'",
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
  route({
    method: 'POST',
    path: '/guests/:id/add_to_projects',
    access: 'organisation',
    minRole: 'MANAGER',
    noApiKeys: true,
    tags: guests,
    summary: 'Give a guest more projects',
    params: idParams,
    body: addToProjectsBodySchema,
    response: one(guestSchema),
    handler: async (ctx, { params, body }) => {
      await addGuestProjects(ctx, await requireGuest(ctx, params.id), body.project_ids);
      return guestData(await requireGuest(ctx, params.id));
    },
  }),
  route({
    method: 'POST',
    path: '/guests/:id/change_to_member',
    access: 'organisation',
    minRole: 'ADMIN',
    tags: guests,
    summary: 'Make a guest a member with a role (their projects stay)',
    params: idParams,
    body: changeToMemberBodySchema,
    response: one(memberSchema),
    handler: async (ctx, { params, body }) => {
      await changeToMember(ctx, await requireGuest(ctx, params.id), body.role);
      return memberData(ctx, params.id);
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
