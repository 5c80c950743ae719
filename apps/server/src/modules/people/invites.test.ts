import { describe, expect, it } from 'vitest';
import { addMember, client, organisationApp, signUp, uniqueEmail } from '../../../test/harness';
import { hashToken } from '../../platform/auth/tokens';
import { newId } from '../../platform/ids';
import { addProject, auditActions, lastMail, mailCount, mailedToken } from './people-testing';

const { test, org, other } = organisationApp('Invites Org', { other: 'Other Invites Org' });

const publicApi = () => client(test.app);

async function invite(email: string, role = 'OPERATIVE') {
  const response = await org.api.post('/members/invites', { email, role });
  expect(response.status).toBe(201);
  return { invite: response.body.data, token: await mailedToken(test, email) };
}

/** Moves an invite's expiry into the past. */
const expire = (table: string, id: string) =>
  test.platform.db.query(
    `UPDATE ${table} SET expires_at = now() - interval '1 minute' WHERE id = $1`,
    [id],
  );

describe('member invites', () => {
  it('invites by e-mail with a link, listed until accepted', async () => {
    const email = uniqueEmail('invitee');
    const response = await org.api.post('/members/invites', {
      email: email.toUpperCase(),
      role: 'MANAGER',
    });
    expect(response.status).toBe(201);
    const invite = response.body.data;
    expect(invite).toMatchObject({
      email,
      role: 'MANAGER',
      invited_by_user_id: org.owner.userId,
      invited_by_name: 'Invites Org Owner',
    });
    const days = (Date.parse(invite.expires_at) - Date.parse(invite.invited_at)) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    const mail = await lastMail(test, email);
    expect(mail.subject).toContain('Invites Org');
    expect(mail.text_body).toMatch(/http:\/\/localhost:3000\/membership-invite\/[A-Za-z0-9_-]{43}/);
    const list = await org.api.get('/members/invites');
    expect(list.body.data.map((item: { id: string }) => item.id)).toContain(invite.id);
    expect(await auditActions(test, invite.id)).toEqual(['CREATE']);
    // only the hash of the token is stored
    const token = await mailedToken(test, email);
    const { rows } = await test.platform.db.query(
      'SELECT 1 FROM membership_invites WHERE token_hash = $1',
      [token],
    );
    expect(rows).toHaveLength(0);
  });

  it("answers 409 'already_member' and 'already_invited', 422 for bad fields", async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const existing = await org.api.post('/members/invites', { email: member.email, role: 'ADMIN' });
    expect(existing.status).toBe(409);
    expect(existing.body.code).toBe('already_member');
    const email = uniqueEmail('twice');
    await invite(email);
    const twice = await org.api.post('/members/invites', { email, role: 'ADMIN' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('already_invited');
    const bad = await org.api.post('/members/invites', { email: 'not-an-email', role: 'KING' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'email',
      'role',
    ]);
    const guestRole = await org.api.post('/members/invites', {
      email: uniqueEmail(),
      role: 'GUEST',
    });
    expect(guestRole.status).toBe(422);
  });

  it('replaces an expired invite with a new one', async () => {
    const email = uniqueEmail('expired');
    const first = await invite(email);
    await expire('membership_invites', first.invite.id);
    const second = await org.api.post('/members/invites', { email, role: 'MANAGER' });
    expect(second.status).toBe(201);
    const list = await org.api.get('/members/invites');
    const ids = list.body.data.map((item: { id: string }) => item.id);
    expect(ids).toContain(second.body.data.id);
    expect(ids).not.toContain(first.invite.id);
  });

  it('resends with a fresh token and expiry; the old link stops working', async () => {
    const email = uniqueEmail('resend');
    const first = await invite(email);
    await expire('membership_invites', first.invite.id);
    const resent = await org.api.post(`/members/invites/${first.invite.id}/resend`);
    expect(resent.status).toBe(200);
    expect(Date.parse(resent.body.data.expires_at)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(await mailCount(test, email)).toBe(2);
    const token = await mailedToken(test, email);
    expect(token).not.toBe(first.token);
    expect((await publicApi().get(`/membership_invites/${first.token}`)).status).toBe(404);
    expect((await publicApi().get(`/membership_invites/${token}`)).status).toBe(200);
  });

  it('cancels by POST .../cancel or DELETE; the link is dead afterwards', async () => {
    const a = await invite(uniqueEmail('cancel'));
    const b = await invite(uniqueEmail('delete'));
    expect((await org.api.post(`/members/invites/${a.invite.id}/cancel`)).status).toBe(204);
    expect((await org.api.delete(`/members/invites/${b.invite.id}`)).status).toBe(204);
    expect((await publicApi().get(`/membership_invites/${a.token}`)).status).toBe(404);
    expect((await org.api.delete(`/members/invites/${b.invite.id}`)).status).toBe(404);
    expect((await org.api.post(`/members/invites/${a.invite.id}/resend`)).status).toBe(404);
    const ids = (await org.api.get('/members/invites')).body.data.map((i: { id: string }) => i.id);
    expect(ids).not.toContain(a.invite.id);
    expect(ids).not.toContain(b.invite.id);
  });

  it("does not reach another organisation's invites", async () => {
    const theirs = await other.api.post('/members/invites', {
      email: uniqueEmail(),
      role: 'ADMIN',
    });
    expect((await org.api.post(`/members/invites/${theirs.body.data.id}/resend`)).status).toBe(404);
    expect((await org.api.delete(`/members/invites/${theirs.body.data.id}`)).status).toBe(404);
    expect((await org.api.post(`/members/invites/${newId()}/cancel`)).status).toBe(404);
  });
});

describe('accepting an invite', () => {
  it('shows an open invite to anyone holding the link', async () => {
    const email = uniqueEmail('public');
    const { invite: sent, token } = await invite(email, 'MANAGER');
    const response = await publicApi().get(`/membership_invites/${token}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      id: sent.id,
      organisation_id: org.id,
      organisation_name: 'Invites Org',
      email,
      role: 'MANAGER',
      guest: false,
      projects: [],
      invited_by_name: 'Invites Org Owner',
      invited_at: sent.invited_at,
      expires_at: sent.expires_at,
      user_exists: false,
    });
    expect((await publicApi().get(`/membership_invites/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('lets the addressee accept without the token; the membership has the role', async () => {
    const user = await signUp(test.app, 'New Joiner');
    const { invite: sent, token } = await invite(user.email, 'MANAGER');
    expect((await publicApi().get(`/membership_invites/${token}`)).body.data.user_exists).toBe(
      true,
    );
    const accepted = await user.api.post(`/me/membership_invites/${sent.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership).toMatchObject({
      organisation_id: org.id,
      organisation_name: 'Invites Org',
      user_id: user.userId,
      role: 'MANAGER',
      guest: false,
      active: true,
      owner: false,
      team_ids: [],
      projects: [],
    });
    const orgApi = client(test.app, user.token, `/organisations/${org.id}`);
    expect((await orgApi.get('/members')).status).toBe(200);
    expect(await auditActions(test, sent.id)).toEqual(['CREATE', 'ACCEPT']);

    // used: 404 to look at, 409 to accept again
    expect((await publicApi().get(`/membership_invites/${token}`)).status).toBe(404);
    const again = await user.api.post(`/me/membership_invites/${sent.id}/accept`, { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invite_used');
    const listed = (await org.api.get('/members')).body;
    expect(listed.invited.map((i: { id: string }) => i.id)).not.toContain(sent.id);
    expect(listed.active.map((m: { id: string }) => m.id)).toContain(user.userId);
  });

  it('needs the token when the signed-in e-mail is not the invite’s', async () => {
    const { invite: sent, token } = await invite(uniqueEmail('forwarded'));
    const someoneElse = await signUp(test.app, 'Forwarded To');
    const without = await someoneElse.api.post(`/me/membership_invites/${sent.id}/accept`);
    expect(without.status).toBe(404);
    const wrong = await someoneElse.api.post(`/me/membership_invites/${sent.id}/accept`, {
      token: 'y'.repeat(43),
    });
    expect(wrong.status).toBe(404);
    const withToken = await someoneElse.api.post(`/me/membership_invites/${sent.id}/accept`, {
      token,
    });
    expect(withToken.status).toBe(200);
    expect(withToken.body.membership.role).toBe('OPERATIVE');
    expect((await someoneElse.api.post(`/me/membership_invites/${sent.id}/accept`)).status).toBe(
      404,
    );
  });

  it("refuses expired and cancelled invites with 409 'invite_used'", async () => {
    const user = await signUp(test.app, 'Late Joiner');
    const { invite: sent, token } = await invite(user.email);
    await expire('membership_invites', sent.id);
    expect((await publicApi().get(`/membership_invites/${token}`)).status).toBe(404);
    const late = await user.api.post(`/me/membership_invites/${sent.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('invite_used');
    const cancelledUser = await signUp(test.app, 'Cancelled Joiner');
    const second = await invite(cancelledUser.email);
    await org.api.delete(`/members/invites/${second.invite.id}`);
    const cancelled = await cancelledUser.api.post(
      `/me/membership_invites/${second.invite.id}/accept`,
      { token: second.token },
    );
    expect(cancelled.body.code).toBe('invite_used');
  });

  it('reactivates a deactivated or deleted member with the invite’s role', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    await org.api.delete(`/members/${member.userId}`);
    const { invite: sent } = await invite(member.email, 'MANAGER');
    const accepted = await member.api.post(`/me/membership_invites/${sent.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership).toMatchObject({
      role: 'MANAGER',
      active: true,
      deleted_at: null,
    });
    expect((await member.orgApi.get('/members')).status).toBe(200);
  });

  it('needs a signed-in user to accept', async () => {
    const { invite: sent, token } = await invite(uniqueEmail('anonymous'));
    const response = await publicApi().post(`/me/membership_invites/${sent.id}/accept`, { token });
    expect(response.status).toBe(401);
  });
});

describe('guests', () => {
  it('invites a guest to projects; accepting makes a guest of exactly those projects', async () => {
    const manager = await addMember(test, org, 'MANAGER');
    const bridge = await addProject(test, org, 'Bridge');
    const depot = await addProject(test, org, 'Depot');
    const user = await signUp(test.app, 'Guest Person');
    const sent = await manager.orgApi.post('/guests/invite', {
      email: user.email,
      project_ids: [bridge, depot],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      email: user.email,
      projects: [
        { project_id: bridge, project_name: 'Bridge' },
        { project_id: depot, project_name: 'Depot' },
      ],
    });
    const guests = await manager.orgApi.get('/guests');
    expect(guests.body.invited.map((i: { id: string }) => i.id)).toContain(sent.body.data.id);
    // guest invites are not member invites
    const members = await manager.orgApi.get('/members');
    expect(members.body.invited.map((i: { id: string }) => i.id)).not.toContain(sent.body.data.id);
    expect((await org.api.post(`/members/invites/${sent.body.data.id}/resend`)).status).toBe(404);

    const token = await mailedToken(test, user.email);
    const shown = await publicApi().get(`/membership_invites/${token}`);
    expect(shown.body.data).toMatchObject({ guest: true, role: 'GUEST' });
    expect(shown.body.data.projects).toHaveLength(2);

    const accepted = await user.api.post(`/me/membership_invites/${sent.body.data.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership).toMatchObject({ role: 'GUEST', guest: true });
    // added in one statement: their order is the ids', not the invite's
    expect(accepted.body.membership.projects).toHaveLength(2);
    expect(accepted.body.membership.projects).toEqual(
      expect.arrayContaining([
        { project_id: bridge, member_permissions: { can_start_jobs: true, can_edit: false } },
        { project_id: depot, member_permissions: { can_start_jobs: true, can_edit: false } },
      ]),
    );
    const context = await user.api.get('/me/context');
    expect(context.body.memberships[0].projects).toHaveLength(2);

    const listed = await manager.orgApi.get('/guests');
    const guest = listed.body.active.find((g: { id: string }) => g.id === user.userId);
    expect(guest).toMatchObject({
      email: user.email,
      name: 'Guest Person',
      projects: [
        { project_id: bridge, project_name: 'Bridge' },
        { project_id: depot, project_name: 'Depot' },
      ],
    });
    expect(guest.guest_since).toEqual(expect.any(String));
    const one = await manager.orgApi.get(`/guests/${guest.membership_id}`);
    expect(one.body.data.id).toBe(user.userId);
  });

  it('adds projects to a guest; only live projects of this organisation', async () => {
    const guest = await addMember(test, org, 'GUEST');
    const tower = await addProject(test, org, 'Tower');
    const foreign = await addProject(test, other, 'Foreign');
    const added = await org.api.post(`/guests/${guest.userId}/add_to_projects`, {
      project_ids: [tower],
    });
    expect(added.status).toBe(200);
    expect(added.body.data.projects).toEqual([{ project_id: tower, project_name: 'Tower' }]);
    const refused = await org.api.post(`/guests/${guest.userId}/add_to_projects`, {
      project_ids: [tower, foreign],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual([
      'project_ids.1',
    ]);
    const member = await addMember(test, org, 'OPERATIVE');
    expect(
      (await org.api.post(`/guests/${member.userId}/add_to_projects`, { project_ids: [tower] }))
        .status,
    ).toBe(404);
  });

  it('lets managers invite, resend and cancel guest invites; operatives only read', async () => {
    const project = await addProject(test, org, 'Quay');
    const operative = await addMember(test, org, 'OPERATIVE');
    const guest = await addMember(test, org, 'GUEST');
    const email = uniqueEmail('guest');
    expect(
      (await operative.orgApi.post('/guests/invite', { email, project_ids: [project] })).status,
    ).toBe(403);
    expect((await operative.orgApi.get('/guests')).status).toBe(200);
    expect((await guest.orgApi.get('/guests')).status).toBe(403);
    const noProjects = await org.api.post('/guests/invite', { email, project_ids: [] });
    expect(noProjects.status).toBe(422);
    const sent = await org.api.post('/guests/invite', { email, project_ids: [project] });
    const twice = await org.api.post('/guests/invite', { email, project_ids: [project] });
    expect(twice.body.code).toBe('already_invited');
    const resent = await org.api.post(`/guests/invites/${sent.body.data.id}/resend`);
    expect(resent.status).toBe(200);
    expect(await mailCount(test, email)).toBe(2);
    expect(
      (await operative.orgApi.post(`/guests/invites/${sent.body.data.id}/resend`)).status,
    ).toBe(403);
    expect((await org.api.delete(`/guests/invites/${sent.body.data.id}`)).status).toBe(204);
    expect(
      (await org.api.get('/guests')).body.invited.map((i: { id: string }) => i.id),
    ).not.toContain(sent.body.data.id);
    const member = await addMember(test, org, 'OPERATIVE');
    const already = await org.api.post('/guests/invite', {
      email: member.email,
      project_ids: [project],
    });
    expect(already.body.code).toBe('already_member');
  });

  it('turns a guest into a member: ADMIN only, member roles only', async () => {
    const guest = await addMember(test, org, 'GUEST');
    const manager = await addMember(test, org, 'MANAGER');
    expect(
      (await manager.orgApi.post(`/guests/${guest.userId}/change_to_member`, { role: 'OPERATIVE' }))
        .status,
    ).toBe(403);
    const bad = await org.api.post(`/guests/${guest.userId}/change_to_member`, { role: 'GUEST' });
    expect(bad.status).toBe(422);
    const done = await org.api.post(`/guests/${guest.userId}/change_to_member`, {
      role: 'MANAGER',
    });
    expect(done.body.data).toMatchObject({ role: 'MANAGER', guest: false });
    expect((await org.api.get(`/guests/${guest.userId}`)).status).toBe(404);
  });
});

describe('invite links', () => {
  it('creates a link (token shown once), lists and revokes it: ADMIN only', async () => {
    const manager = await addMember(test, org, 'MANAGER');
    expect((await manager.orgApi.post('/organisation_invites', { role: 'OPERATIVE' })).status).toBe(
      403,
    );
    expect((await manager.orgApi.get('/organisation_invites')).status).toBe(403);
    const created = await org.api.post('/organisation_invites', {
      role: 'OPERATIVE',
      expires_in_days: 3,
    });
    expect(created.status).toBe(201);
    const link = created.body.data;
    expect(link).toMatchObject({
      role: 'OPERATIVE',
      use_count: 0,
      revoked_at: null,
      created_by_user_id: org.owner.userId,
    });
    expect(link.url).toBe(`http://localhost:3000/organisation-invite/${link.token}`);
    const listed = await org.api.get('/organisation_invites');
    const entry = listed.body.data.find((item: { id: string }) => item.id === link.id);
    expect(entry).toBeDefined();
    expect(entry.token).toBeUndefined();

    const shown = await publicApi().get(`/organisation_invites/${link.token}`);
    expect(shown.body.data).toEqual({
      organisation_id: org.id,
      organisation_name: 'Invites Org',
      role: 'OPERATIVE',
      expires_at: link.expires_at,
    });
    expect((await org.api.delete(`/organisation_invites/${link.id}`)).status).toBe(204);
    expect((await publicApi().get(`/organisation_invites/${link.token}`)).status).toBe(404);
    expect((await org.api.delete(`/organisation_invites/${link.id}`)).status).toBe(404);
    const invalid = await org.api.post('/organisation_invites', {
      role: 'GUEST',
      expires_in_days: 365,
    });
    expect(invalid.status).toBe(422);
  });

  it('lets anyone signed in join with the link’s role, once', async () => {
    const created = await org.api.post('/organisation_invites', { role: 'MANAGER' });
    const { token, id } = created.body.data;
    const first = await signUp(test.app, 'Link Joiner');
    const second = await signUp(test.app, 'Second Link Joiner');
    const joined = await first.api.post(`/me/organisation_invites/${token}/accept`);
    expect(joined.status).toBe(200);
    expect(joined.body.membership).toMatchObject({ organisation_id: org.id, role: 'MANAGER' });
    expect((await second.api.post(`/me/organisation_invites/${token}/accept`)).status).toBe(200);
    const again = await first.api.post(`/me/organisation_invites/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_member');
    const listed = await org.api.get('/organisation_invites');
    expect(listed.body.data.find((item: { id: string }) => item.id === id).use_count).toBe(2);

    await expire('organisation_invites', id);
    const late = await signUp(test.app, 'Too Late');
    expect((await late.api.post(`/me/organisation_invites/${token}/accept`)).status).toBe(404);
    expect((await publicApi().get(`/organisation_invites/${token}`)).status).toBe(404);
  });

  it("does not revoke another organisation's link", async () => {
    const theirs = await other.api.post('/organisation_invites', { role: 'ADMIN' });
    expect((await org.api.delete(`/organisation_invites/${theirs.body.data.id}`)).status).toBe(404);
    expect((await publicApi().get(`/organisation_invites/${theirs.body.data.token}`)).status).toBe(
      200,
    );
  });
});

describe('the signed-in context', () => {
  it('carries team ids and project permissions per membership', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const team = await org.api.post('/teams', { name: 'Context team', user_ids: [member.userId] });
    const project = await addProject(test, org, 'Context project');
    await test.platform.db.query(
      `INSERT INTO project_members (organisation_id, project_id, user_id, can_edit) VALUES ($1, $2, $3, true)`,
      [org.id, project, member.userId],
    );
    const context = await member.api.get('/me/context');
    expect(context.body.memberships).toEqual([
      expect.objectContaining({
        organisation_id: org.id,
        team_ids: [team.body.data.id],
        projects: [
          { project_id: project, member_permissions: { can_start_jobs: true, can_edit: true } },
        ],
      }),
    ]);
  });
});

describe('row-level security of invites', () => {
  /** What the request role sees of a table with only the given settings in its transaction. */
  const visible = (table: string, settings: Record<string, string>) =>
    test.platform.db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('role', 'fieldwork_app', true)`);
      for (const [name, value] of Object.entries(settings)) {
        await tx.query('SELECT set_config($1, $2, true)', [name, value]);
      }
      const { rows } = await tx.query<{ id: string }>(`SELECT id FROM ${table}`);
      return rows.map((row) => row.id);
    });

  it('shows an invite outside its organisation only to its token or its addressee', async () => {
    const email = uniqueEmail('rls');
    const { invite: sent, token } = await invite(email);
    expect(await visible('membership_invites', {})).toEqual([]);
    expect(
      await visible('membership_invites', { 'app.invite_token_hash': hashToken(token) }),
    ).toEqual([sent.id]);
    expect(await visible('membership_invites', { 'app.user_email': email })).toEqual([sent.id]);
    expect(await visible('membership_invites', { 'app.invite_token_hash': token })).toEqual([]);

    const link = await org.api.post('/organisation_invites', { role: 'OPERATIVE' });
    expect(await visible('organisation_invites', {})).toEqual([]);
    expect(
      await visible('organisation_invites', {
        'app.invite_token_hash': hashToken(link.body.data.token),
      }),
    ).toEqual([link.body.data.id]);
  });

  it('lets no write through without the organisation in scope', async () => {
    const { invite: sent, token } = await invite(uniqueEmail('rls-write'));
    const write = test.platform.db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('role', 'fieldwork_app', true), set_config('app.invite_token_hash', $1, true)`,
        [hashToken(token)],
      );
      await tx.query(`UPDATE membership_invites SET role = 'ADMIN' WHERE id = $1`, [sent.id]);
    });
    await expect(write).rejects.toThrow(/row-level security/);
  });
});
