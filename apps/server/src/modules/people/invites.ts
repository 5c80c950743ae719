import {
  INVITE_EXPIRY_DAYS,
  ORGANISATION_INVITE_DEFAULT_DAYS,
  type GuestInvite,
  type MemberInvite,
  type Membership,
  type MembershipInvitePublic,
  type OrganisationInvite,
  type OrganisationInviteCreated,
  type OrganisationInvitePublic,
  type ProjectGuestInvite,
  type Role,
} from '@fieldwork/contract';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { hashToken, newToken } from '../../platform/auth/tokens';
import type { Queryable } from '../../platform/db/queryable';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { OrganisationContext, PublicContext, UserContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { sendMail, webLink } from '../../platform/mail/mailer';
import { present } from '../../platform/resource-kit';
import { loadMemberships } from './memberships';
import { addProjectMembers, checkProjects, checkTeams } from './members';

/*
 * Invites by e-mail (membership_invites: members and guests) and invite links
 * (organisation_invites). Only token hashes are stored. Public look-ups run without an
 * organisation in scope: row-level security lets a row through when the transaction carries its
 * token hash (app.invite_token_hash) or, for accepting by id, the signed-in user's e-mail
 * (app.user_email). Once the invite is proven, the transaction takes its organisation as scope
 * for the writes that accept it.
 */

interface InviteRow {
  id: string;
  organisation_id: string;
  email: string;
  role: Role;
  guest: boolean;
  project_ids: string[];
  team_ids: string[];
  invited_by_user_id: string | null;
  invited_by_name: string | null;
  invited_at: string;
  expires_at: string;
  accepted_at: string | null;
  cancelled_at: string | null;
}

const INVITE_SELECT = `SELECT i.id, i.organisation_id, i.email, i.role, i.guest, i.project_ids, i.team_ids,
         i.invited_by_user_id, inviter.name AS invited_by_name, i.invited_at, i.expires_at,
         i.accepted_at, i.cancelled_at
    FROM membership_invites i LEFT JOIN users inviter ON inviter.id = i.invited_by_user_id`;

const OPEN = 'i.accepted_at IS NULL AND i.cancelled_at IS NULL';

const setting = (db: Queryable, name: string, value: string) =>
  db.query(`SELECT set_config($1, $2, true)`, [name, value]);

/** Takes the invite's organisation as the transaction's scope, once the invite is proven. */
const enterOrganisation = (db: Queryable, organisationId: string) =>
  setting(db, 'app.organisation_id', organisationId);

const isLive = (invite: { expires_at: string }) => new Date(invite.expires_at) > new Date();

async function projectNames(db: Queryable, organisationId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM projects
      WHERE organisation_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL`,
    [organisationId, ids],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

const projectsOf = (invite: InviteRow, names: Map<string, string>) =>
  invite.project_ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ project_id: id, project_name: name }];
  });

function presentMemberInvite(row: InviteRow): MemberInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    team_ids: row.team_ids,
    invited_at: row.invited_at,
    expires_at: row.expires_at,
    invited_by_user_id: row.invited_by_user_id,
    invited_by_name: row.invited_by_name,
  };
}

async function presentGuestInvites(
  ctx: OrganisationContext,
  rows: InviteRow[],
): Promise<GuestInvite[]> {
  const names = await projectNames(
    ctx.db,
    ctx.organisationId,
    rows.flatMap((row) => row.project_ids),
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    projects: projectsOf(row, names),
    invited_at: row.invited_at,
    expires_at: row.expires_at,
    invited_by_user_id: row.invited_by_user_id,
    invited_by_name: row.invited_by_name,
  }));
}

async function selectInvites(
  ctx: OrganisationContext,
  condition: string,
  params: unknown[],
): Promise<InviteRow[]> {
  const { rows } = await ctx.db.query(
    `${INVITE_SELECT} WHERE i.organisation_id = $1 AND ${condition}
      ORDER BY i.invited_at DESC, i.id DESC`,
    [ctx.organisationId, ...params],
  );
  return rows.map((row) => present(row) as unknown as InviteRow);
}

/** Open invites (expired ones too, so they can be resent) of members or of guests. */
export async function listInvites(ctx: OrganisationContext, guest: false): Promise<MemberInvite[]>;
export async function listInvites(ctx: OrganisationContext, guest: true): Promise<GuestInvite[]>;
export async function listInvites(ctx: OrganisationContext, guest: boolean) {
  const rows = await selectInvites(ctx, `${OPEN} AND i.guest = $2`, [guest]);
  return guest ? presentGuestInvites(ctx, rows) : rows.map(presentMemberInvite);
}

/** Open guest invites (expired ones too) that would add someone to the project. */
export async function openGuestInvitesNaming(
  ctx: OrganisationContext,
  projectId: string,
): Promise<ProjectGuestInvite[]> {
  const rows = await selectInvites(ctx, `${OPEN} AND i.guest AND $2 = ANY(i.project_ids)`, [
    projectId,
  ]);
  return rows.map(({ id, email, invited_at, expires_at }) => ({
    id,
    email,
    created_at: invited_at,
    expires_at,
  }));
}

async function findOpenInvite(ctx: OrganisationContext, id: string, guest: boolean) {
  const [row] = await selectInvites(ctx, `${OPEN} AND i.guest = $2 AND i.id = $3`, [guest, id]);
  if (!row) throw notFound('Invite');
  return row;
}

export async function presentInvite(ctx: OrganisationContext, row: InviteRow) {
  return row.guest ? (await presentGuestInvites(ctx, [row]))[0]! : presentMemberInvite(row);
}

async function organisationName(db: Queryable, organisationId: string) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM organisations WHERE id = $1`,
    [organisationId],
  );
  return rows[0]?.name ?? 'an organisation';
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

async function sendInviteMail(
  ctx: OrganisationContext,
  invite: { email: string; role: Role; guest: boolean; expires_at: string },
  token: string,
) {
  const organisation = await organisationName(ctx.db, ctx.organisationId);
  const link = webLink(ctx, `/membership-invite/${token}`);
  const as = invite.guest ? 'a guest' : `a member (${invite.role.toLowerCase()})`;
  const expires = new Date(invite.expires_at).toUTCString();
  const text = [
    'Hello,',
    '',
    `${ctx.user.name} has invited you to join ${organisation} on Fieldwork as ${as}.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `The invitation expires on ${expires}. If you were not expecting it, you can ignore this e-mail.`,
  ].join('\n');
  const html = `<p>Hello,</p><p>${escapeHtml(ctx.user.name)} has invited you to join <strong>${escapeHtml(organisation)}</strong> on Fieldwork as ${as}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>The invitation expires on ${expires}. If you were not expecting it, you can ignore this e-mail.</p>`;
  await sendMail(ctx, {
    to: invite.email,
    subject: `${ctx.user.name} invited you to ${organisation} on Fieldwork`,
    text,
    html,
  });
}

/**
 * Invites an e-mail address as a member (with a role) or as a guest (to projects). Someone
 * already active here is a 409 'already_member'; an open invite for the address a 409
 * 'already_invited' (an expired one is cancelled and replaced).
 */
export async function createInvite(
  ctx: OrganisationContext,
  input: { email: string; role: Role; guest: boolean; projectIds: string[]; teamIds?: string[] },
): Promise<InviteRow> {
  const email = input.email.toLowerCase();
  const { rows: members } = await ctx.db.query<{ active: boolean }>(
    `SELECT m.active FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND lower(u.email) = $2 AND m.deleted_at IS NULL`,
    [ctx.organisationId, email],
  );
  if (members[0] && !members[0].active) {
    throw conflict(
      `${email} is a deactivated member of this organisation: activate them instead.`,
      'member_deactivated',
    );
  }
  if (members.length) {
    throw conflict(`${email} is already a member of this organisation.`, 'already_member');
  }
  const { rows: open } = await ctx.db.query<{ id: string; expires_at: Date | string }>(
    `SELECT id, expires_at FROM membership_invites i
      WHERE i.organisation_id = $1 AND lower(i.email) = $2 AND ${OPEN} FOR UPDATE`,
    [ctx.organisationId, email],
  );
  const pending = open[0];
  if (pending && new Date(pending.expires_at) > new Date()) {
    throw conflict(`${email} has already been invited.`, 'already_invited');
  }
  if (pending) {
    await ctx.db.query(
      `UPDATE membership_invites SET cancelled_at = now(), updated_at = now() WHERE id = $1`,
      [pending.id],
    );
  }
  if (input.guest) await checkProjects(ctx, input.projectIds, 'project_ids');
  const teamIds = input.guest ? [] : [...new Set(input.teamIds ?? [])];
  if (teamIds.length) await checkTeams(ctx, teamIds, 'team_ids');

  const id = newId();
  const token = newToken();
  await ctx.db.query(
    `INSERT INTO membership_invites
       (id, organisation_id, email, role, guest, project_ids, team_ids, token_hash, invited_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(days => $10))`,
    [
      id,
      ctx.organisationId,
      email,
      input.role,
      input.guest,
      [...new Set(input.projectIds)],
      teamIds,
      hashToken(token),
      ctx.user.id,
      INVITE_EXPIRY_DAYS,
    ],
  );
  await recordAudit(ctx, 'membership_invites', [id], 'CREATE', {
    email,
    role: input.role,
    guest: input.guest,
    ...(teamIds.length ? { team_ids: teamIds } : {}),
  });
  const invite = await findOpenInvite(ctx, id, input.guest);
  await sendInviteMail(ctx, invite, token);
  return invite;
}

/** A fresh token and expiry, and the e-mail again; the old link stops working. */
export async function resendInvite(ctx: OrganisationContext, id: string, guest: boolean) {
  await findOpenInvite(ctx, id, guest);
  const before = await readBeforeImages(ctx, 'membership_invites', [id]);
  const token = newToken();
  await ctx.db.query(
    `UPDATE membership_invites
        SET token_hash = $3, expires_at = now() + make_interval(days => $4), updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, id, hashToken(token), INVITE_EXPIRY_DAYS],
  );
  await recordAudit(ctx, 'membership_invites', [id], 'RESEND', null, before);
  const invite = await findOpenInvite(ctx, id, guest);
  await sendInviteMail(ctx, invite, token);
  return invite;
}

export async function cancelInvite(ctx: OrganisationContext, id: string, guest: boolean) {
  await findOpenInvite(ctx, id, guest);
  const before = await readBeforeImages(ctx, 'membership_invites', [id]);
  await ctx.db.query(
    `UPDATE membership_invites SET cancelled_at = now(), updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, id],
  );
  await recordAudit(ctx, 'membership_invites', [id], 'CANCEL', null, before);
}

// Acceptance -----------------------------------------------------------------------------------

/** GET /membership_invites/{token}: an open, unexpired invite, or 404. */
export async function lookupMembershipInvite(
  ctx: PublicContext,
  token: string,
): Promise<MembershipInvitePublic> {
  const tokenHash = hashToken(token);
  await setting(ctx.db, 'app.invite_token_hash', tokenHash);
  const { rows } = await ctx.db.query(
    `${INVITE_SELECT} WHERE i.token_hash = $1 AND ${OPEN} AND i.expires_at > now()`,
    [tokenHash],
  );
  const invite = rows[0] && (present(rows[0]) as unknown as InviteRow);
  if (!invite) throw notFound('Invite');
  await enterOrganisation(ctx.db, invite.organisation_id);
  const names = await projectNames(ctx.db, invite.organisation_id, invite.project_ids);
  const { rows: users } = await ctx.db.query(`SELECT 1 FROM users WHERE lower(email) = $1`, [
    invite.email.toLowerCase(),
  ]);
  return {
    id: invite.id,
    organisation_id: invite.organisation_id,
    organisation_name: await organisationName(ctx.db, invite.organisation_id),
    email: invite.email,
    role: invite.role,
    guest: invite.guest,
    projects: projectsOf(invite, names),
    invited_by_name: invite.invited_by_name,
    invited_at: invite.invited_at,
    expires_at: invite.expires_at,
    user_exists: users.length > 0,
  };
}

/** The signed-in user acting inside the organisation they are joining. */
function joiningContext(ctx: UserContext, organisationId: string): OrganisationContext {
  return {
    ...ctx,
    organisationId,
    membership: { id: null, role: 'GUEST', owner: false, guest: true },
  };
}

/**
 * Creates the membership, or brings back a deleted one, with the given role. An active
 * membership stays as it is (its role is changed only by an admin). A deactivated one stays
 * deactivated: only an admin's activate brings it back, never an invite or a link.
 */
async function join(
  ctx: OrganisationContext,
  role: Role,
  guest: boolean,
): Promise<{ membershipId: string; joined: boolean }> {
  const { rows } = await ctx.db.query<{ id: string; active: boolean; deleted_at: Date | null }>(
    `SELECT id, active, deleted_at FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 FOR UPDATE`,
    [ctx.organisationId, ctx.user.id],
  );
  const existing = rows[0];
  if (existing?.active && !existing.deleted_at) return { membershipId: existing.id, joined: false };
  if (existing && !existing.active && !existing.deleted_at) {
    throw forbidden(
      'Your membership of this organisation was deactivated. Ask an admin to activate it.',
      'membership_deactivated',
    );
  }
  if (existing) {
    await ctx.db.query(
      `UPDATE memberships
          SET role = $2, guest = $3, active = true, deleted_at = NULL, deactivated_at = NULL,
              updated_at = now()
        WHERE id = $1`,
      [existing.id, role, guest],
    );
    await recordAudit(ctx, 'memberships', [existing.id], 'REJOIN', { role, guest });
    return { membershipId: existing.id, joined: true };
  }
  const id = newId();
  await ctx.db.query(
    `INSERT INTO memberships (id, organisation_id, user_id, role, guest, owner, active)
     VALUES ($1, $2, $3, $4, $5, false, true)`,
    [id, ctx.organisationId, ctx.user.id, role, guest],
  );
  await recordAudit(ctx, 'memberships', [id], 'JOIN', { role, guest });
  return { membershipId: id, joined: true };
}

async function membershipOf(ctx: OrganisationContext): Promise<Membership> {
  const [membership] = await loadMemberships(ctx.db, ctx.user.id, ctx.organisationId);
  return membership!;
}

/**
 * POST /me/membership_invites/{id}/accept: allowed with the invite's token, or to the user the
 * invite was sent to. Used, cancelled and expired invites are a 409 'invite_used'.
 */
export async function acceptMembershipInvite(
  ctx: UserContext,
  id: string,
  token: string | undefined,
): Promise<{ membership: Membership }> {
  const proof = token ? hashToken(token) : ctx.user.email.toLowerCase();
  await setting(ctx.db, token ? 'app.invite_token_hash' : 'app.user_email', proof);
  const { rows } = await ctx.db.query(
    `${INVITE_SELECT} WHERE i.id = $1 AND ${token ? 'i.token_hash = $2' : 'lower(i.email) = $2'}
      FOR UPDATE OF i`,
    [id, proof],
  );
  const invite = rows[0] && (present(rows[0]) as unknown as InviteRow);
  if (!invite) throw notFound('Invite');
  if (invite.accepted_at || invite.cancelled_at || !isLive(invite)) {
    throw conflict('This invite has already been used, cancelled or has expired.', 'invite_used');
  }
  await enterOrganisation(ctx.db, invite.organisation_id);
  const scoped = joiningContext(ctx, invite.organisation_id);
  const { membershipId, joined } = await join(scoped, invite.role, invite.guest);
  if (invite.guest) {
    // An existing member keeps their standing; a guest (new or not) gets the invite's projects.
    const { rows: guest } = await ctx.db.query(
      `SELECT 1 FROM memberships WHERE id = $1 AND guest`,
      [membershipId],
    );
    if (joined || guest.length) {
      await addProjectMembers(ctx.db, invite.organisation_id, ctx.user.id, invite.project_ids);
    }
  } else if (joined && invite.team_ids.length) {
    // A member who joins takes the invite's teams (those deleted meanwhile are skipped).
    await ctx.db.query(
      `INSERT INTO team_members (organisation_id, team_id, user_id)
       SELECT t.organisation_id, t.id, $3 FROM teams t
        WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])
       ON CONFLICT DO NOTHING`,
      [invite.organisation_id, invite.team_ids, ctx.user.id],
    );
  }
  await ctx.db.query(
    `UPDATE membership_invites SET accepted_at = now(), accepted_by_user_id = $2, updated_at = now()
      WHERE id = $1`,
    [invite.id, ctx.user.id],
  );
  await recordAudit(scoped, 'membership_invites', [invite.id], 'ACCEPT');
  return { membership: await membershipOf(scoped) };
}

// Invite links ---------------------------------------------------------------------------------

const LINK_SELECT = `SELECT l.id, l.role, l.expires_at, l.revoked_at, l.use_count, l.created_by_user_id,
         creator.name AS created_by_name, l.created_at, l.updated_at
    FROM organisation_invites l LEFT JOIN users creator ON creator.id = l.created_by_user_id`;

async function findLink(ctx: OrganisationContext, id: string): Promise<OrganisationInvite | null> {
  const { rows } = await ctx.db.query(`${LINK_SELECT} WHERE l.organisation_id = $1 AND l.id = $2`, [
    ctx.organisationId,
    id,
  ]);
  return rows[0] ? (present(rows[0]) as unknown as OrganisationInvite) : null;
}

export async function createLink(
  ctx: OrganisationContext,
  input: { role: Role; expires_in_days?: number | undefined },
): Promise<OrganisationInviteCreated> {
  const id = newId();
  const token = newToken();
  await ctx.db.query(
    `INSERT INTO organisation_invites (id, organisation_id, role, token_hash, created_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
    [
      id,
      ctx.organisationId,
      input.role,
      hashToken(token),
      ctx.user.id,
      input.expires_in_days ?? ORGANISATION_INVITE_DEFAULT_DAYS,
    ],
  );
  await recordAudit(ctx, 'organisation_invites', [id], 'CREATE', { role: input.role });
  const link = (await findLink(ctx, id))!;
  return { ...link, token, url: webLink(ctx, `/organisation-invite/${token}`) };
}

/** Links not revoked (expired ones too, marked by expires_at), newest first. */
export async function listLinks(ctx: OrganisationContext): Promise<OrganisationInvite[]> {
  const { rows } = await ctx.db.query(
    `${LINK_SELECT} WHERE l.organisation_id = $1 AND l.revoked_at IS NULL
      ORDER BY l.created_at DESC, l.id DESC`,
    [ctx.organisationId],
  );
  return rows.map((row) => present(row) as unknown as OrganisationInvite);
}

export async function revokeLink(ctx: OrganisationContext, id: string) {
  const link = await findLink(ctx, id);
  if (!link || link.revoked_at) throw notFound('Invite link');
  const before = await readBeforeImages(ctx, 'organisation_invites', [id]);
  await ctx.db.query(
    `UPDATE organisation_invites SET revoked_at = now(), updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, id],
  );
  await recordAudit(ctx, 'organisation_invites', [id], 'REVOKE', null, before);
}

async function liveLink(db: Queryable, token: string, lock: boolean) {
  const tokenHash = hashToken(token);
  await setting(db, 'app.invite_token_hash', tokenHash);
  const { rows } = await db.query<{
    id: string;
    organisation_id: string;
    organisation_name: string;
    role: Role;
    expires_at: string;
  }>(
    `SELECT l.id, l.organisation_id, o.name AS organisation_name, l.role, l.expires_at
       FROM organisation_invites l JOIN organisations o ON o.id = l.organisation_id
      WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > now()
      ${lock ? 'FOR UPDATE OF l' : ''}`,
    [tokenHash],
  );
  const link = rows[0] && present(rows[0]);
  if (!link) throw notFound('Invite link');
  return link as unknown as (typeof rows)[number];
}

export async function lookupLink(
  ctx: PublicContext,
  token: string,
): Promise<OrganisationInvitePublic> {
  const { organisation_id, organisation_name, role, expires_at } = await liveLink(
    ctx.db,
    token,
    false,
  );
  return {
    organisation_id,
    organisation_name,
    role: role as OrganisationInvitePublic['role'],
    expires_at,
  };
}

/** POST /me/organisation_invites/{token}/accept: joins with the link's role. */
export async function acceptLink(
  ctx: UserContext,
  token: string,
): Promise<{ membership: Membership }> {
  const link = await liveLink(ctx.db, token, true);
  await enterOrganisation(ctx.db, link.organisation_id);
  const scoped = joiningContext(ctx, link.organisation_id);
  const { joined } = await join(scoped, link.role, false);
  if (!joined) {
    throw conflict('You are already a member of this organisation.', 'already_member');
  }
  await ctx.db.query(
    `UPDATE organisation_invites SET use_count = use_count + 1, updated_at = now() WHERE id = $1`,
    [link.id],
  );
  await recordAudit(scoped, 'organisation_invites', [link.id], 'ACCEPT');
  return { membership: await membershipOf(scoped) };
}
