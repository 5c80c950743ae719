import { describe, expect, it } from 'vitest';
import { addMember, organisationApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { auditActions } from '../people/people-testing';

const {
  test,
  org,
  other,
  members: { manager, operative, guest, admin },
} = organisationApp('Project People Org', {
  other: 'Other People Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', guest: 'GUEST', admin: 'ADMIN' },
});

async function newProject(name: string, api = org.api) {
  const response = await api.post('/projects', { name });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

const userIds = (body: { data: Array<{ user_id: string }> }) =>
  body.data.map((item) => item.user_id).sort();

describe('project members', () => {
  it('adds members and guests with permissions; re-adding changes nothing', async () => {
    const id = await newProject('Members Tower');
    // The creator owns the project and is on it from the start.
    expect(userIds((await org.api.get(`/projects/${id}/members`)).body)).toEqual([
      org.owner.userId,
    ]);

    const added = await org.api.post(`/projects/${id}/members`, {
      user_ids: [manager.userId, guest.userId],
      can_edit: true,
    });
    expect(added.status).toBe(200);
    expect(userIds(added.body)).toEqual([manager.userId, guest.userId, org.owner.userId].sort());
    const guestRow = added.body.data.find((m: { user_id: string }) => m.user_id === guest.userId);
    expect(guestRow).toMatchObject({
      role: 'GUEST',
      guest: true,
      can_start_jobs: true,
      can_edit: true,
      email: guest.email,
      created_at: expect.any(String),
    });

    const again = await org.api.post(`/projects/${id}/members`, {
      user_ids: [manager.userId, operative.userId, operative.userId],
      can_start_jobs: false,
      can_edit: false,
    });
    expect(again.status).toBe(200);
    const byId = new Map(again.body.data.map((m: { user_id: string }) => [m.user_id, m]));
    expect(byId.get(manager.userId)).toMatchObject({ can_start_jobs: true, can_edit: true });
    expect(byId.get(operative.userId)).toMatchObject({ can_start_jobs: false, can_edit: false });
    expect(again.body.data).toHaveLength(4);

    const project = await org.api.get(`/projects/${id}?expand[]=members`);
    expect(project.body.data.metrics).toMatchObject({ member_count: 3, guest_count: 1 });
    expect(project.body.data.members).toHaveLength(4);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'ADD_MEMBERS', 'ADD_MEMBERS']);
  });

  it('keeps the people screens and /me/context consistent with the project', async () => {
    const id = await newProject('Consistent Court');
    await org.api.post(`/projects/${id}/members`, { user_ids: [operative.userId], can_edit: true });
    const person = await org.api.get(`/members/${operative.userId}`);
    expect(person.body.data.projects).toContainEqual({
      project_id: id,
      project_name: 'Consistent Court',
      can_start_jobs: true,
      can_edit: true,
    });
    const context = await operative.api.get(`/me/context`);
    const membership = context.body.memberships.find(
      (m: { organisation_id: string }) => m.organisation_id === org.id,
    );
    expect(membership.projects).toContainEqual({
      project_id: id,
      member_permissions: { can_start_jobs: true, can_edit: true },
    });
  });

  it('refuses users who are not active members or guests, naming each entry', async () => {
    const id = await newProject('Strict Street');
    const outsider = await addMember(test, other, 'OPERATIVE');
    const leaver = await addMember(test, org, 'OPERATIVE');
    await test.platform.db.query(
      `UPDATE memberships SET active = false WHERE organisation_id = $1 AND user_id = $2`,
      [org.id, leaver.userId],
    );
    const response = await org.api.post(`/projects/${id}/members`, {
      user_ids: [manager.userId, outsider.userId, newId(), leaver.userId],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'user_ids.1',
      'user_ids.2',
      'user_ids.3',
    ]);
    expect(userIds((await org.api.get(`/projects/${id}/members`)).body)).toEqual([
      org.owner.userId,
    ]);
    const empty = await org.api.post(`/projects/${id}/members`, { user_ids: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].field).toBe('user_ids');
  });

  it("changes a member's permissions; others are not found", async () => {
    const id = await newProject('Permission Place');
    await org.api.post(`/projects/${id}/members`, { user_ids: [operative.userId] });
    const changed = await org.api.put(`/projects/${id}/members/${operative.userId}`, {
      can_edit: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      user_id: operative.userId,
      can_start_jobs: true,
      can_edit: true,
    });
    const patched = await org.api.patch(`/projects/${id}/members/${operative.userId}`, {
      can_start_jobs: false,
    });
    expect(patched.body.data).toMatchObject({ can_start_jobs: false, can_edit: true });
    expect(await auditActions(test, id)).toEqual([
      'CREATE',
      'ADD_MEMBERS',
      'UPDATE_MEMBER',
      'UPDATE_MEMBER',
    ]);

    const notMember = await org.api.put(`/projects/${id}/members/${manager.userId}`, {
      can_edit: true,
    });
    expect(notMember.status).toBe(404);
    const unknownProject = await org.api.put(`/projects/${newId()}/members/${operative.userId}`, {
      can_edit: true,
    });
    expect(unknownProject.status).toBe(404);
    const bad = await org.api.put(`/projects/${id}/members/${operative.userId}`, {
      can_edit: 'yes',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('can_edit');
  });

  it("removes members; the project's owner only with force, by an admin", async () => {
    const id = await newProject('Owner House');
    await org.api.put(`/projects/${id}`, { owner_id: manager.userId });
    await org.api.post(`/projects/${id}/members`, {
      user_ids: [manager.userId, operative.userId],
    });
    const removed = await org.api.delete(`/projects/${id}/members/${operative.userId}`);
    expect(removed.status).toBe(204);
    expect(userIds((await org.api.get(`/projects/${id}/members`)).body)).toEqual(
      [manager.userId, org.owner.userId].sort(),
    );
    expect((await org.api.delete(`/projects/${id}/members/${operative.userId}`)).status).toBe(404);

    const refused = await org.api.delete(`/projects/${id}/members/${manager.userId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect(refused.body.message).toContain('owns this project');

    const managerForce = await manager.orgApi.delete(
      `/projects/${id}/members/${manager.userId}?force=true`,
    );
    expect(managerForce.status).toBe(403);
    expect(managerForce.body.code).toBe('role_required');

    const forced = await admin.orgApi.delete(
      `/projects/${id}/members/${manager.userId}?force=true`,
    );
    expect(forced.status).toBe(204);
    const project = await org.api.get(`/projects/${id}`);
    expect(project.body.data).toMatchObject({ owner_id: null, owner_name: null });
    expect(userIds((await org.api.get(`/projects/${id}/members`)).body)).toEqual([
      org.owner.userId,
    ]);
    expect(await auditActions(test, id)).toContain('FORCE_REMOVE_MEMBER');
  });

  it('lets operatives change people only on projects where they may edit', async () => {
    const id = await newProject('Crew Yard');
    const guarded = await operative.orgApi.post(`/projects/${id}/members`, {
      user_ids: [manager.userId],
    });
    expect(guarded.status).toBe(403);
    expect(guarded.body.code).toBe('project_edit_required');

    await org.api.post(`/projects/${id}/members`, { user_ids: [operative.userId] });
    const stillGuarded = await operative.orgApi.delete(
      `/projects/${id}/members/${operative.userId}`,
    );
    expect(stillGuarded.status).toBe(403);

    const permissions = async () =>
      (await operative.orgApi.get(`/projects/${id}`)).body.data.permissions;
    expect(await permissions()).toMatchObject({ manage_members: false, update: false });
    await org.api.put(`/projects/${id}/members/${operative.userId}`, { can_edit: true });
    // the project says so (the web's guests and members screens read it), update stays false
    expect(await permissions()).toMatchObject({ manage_members: true, update: false });
    const allowed = await operative.orgApi.post(`/projects/${id}/members`, {
      user_ids: [manager.userId],
    });
    expect(allowed.status).toBe(200);
    expect(userIds(allowed.body)).toEqual(
      [manager.userId, operative.userId, org.owner.userId].sort(),
    );
    const changed = await operative.orgApi.put(`/projects/${id}/members/${manager.userId}`, {
      can_start_jobs: false,
    });
    expect(changed.status).toBe(200);
    // reading is for operatives and above; guests see no member lists
    expect((await operative.orgApi.get(`/projects/${id}/members`)).status).toBe(200);
    const asGuest = await guest.orgApi.get(`/projects/${id}/members`);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.code).toBe('role_required');
  });

  it('answers 404 for deleted projects and other organisations', async () => {
    const id = await newProject('Gone Gardens');
    await org.api.delete(`/projects/${id}`);
    expect((await org.api.get(`/projects/${id}/members`)).status).toBe(404);
    expect(
      (await org.api.post(`/projects/${id}/members`, { user_ids: [manager.userId] })).status,
    ).toBe(404);
    const foreign = await newProject('Foreign Fields', other.api);
    expect((await org.api.get(`/projects/${foreign}/members`)).status).toBe(404);
    expect((await org.api.get(`/projects/${foreign}/guests`)).status).toBe(404);
  });
});

describe('project guests', () => {
  it('lists guests only, with the open invites naming the project', async () => {
    const id = await newProject('Guest Gallery');
    const elsewhere = await newProject('Elsewhere');
    await org.api.post(`/projects/${id}/members`, { user_ids: [guest.userId, manager.userId] });
    const invite = await org.api.post('/guests/invite', {
      email: 'visitor@guests.example',
      project_ids: [id],
    });
    expect(invite.status).toBe(201);
    await org.api.post('/guests/invite', {
      email: 'other-visitor@guests.example',
      project_ids: [elsewhere],
    });
    const cancelled = await org.api.post('/guests/invite', {
      email: 'cancelled@guests.example',
      project_ids: [id],
    });
    await test.platform.db.query(
      `UPDATE membership_invites SET cancelled_at = now() WHERE id = $1`,
      [cancelled.body.data.id],
    );

    const response = await operative.orgApi.get(`/projects/${id}/guests`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        {
          user_id: guest.userId,
          name: 'GUEST member',
          email: guest.email,
          created_at: expect.any(String),
        },
      ],
      invites: [
        {
          id: invite.body.data.id,
          email: 'visitor@guests.example',
          created_at: expect.any(String),
          expires_at: expect.any(String),
        },
      ],
    });
  });

  it('adds existing guests to the project and refuses members', async () => {
    const id = await newProject('Visitor Centre');
    const second = await addMember(test, org, 'GUEST');
    const refused = await org.api.post(`/projects/${id}/guests`, {
      user_ids: [second.userId, operative.userId],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ field: 'user_ids.1', code: 'not_found' }),
    ]);

    const added = await org.api.post(`/projects/${id}/guests`, {
      user_ids: [second.userId, guest.userId],
    });
    expect(added.status).toBe(200);
    expect(userIds(added.body)).toEqual([second.userId, guest.userId].sort());
    expect(added.body.invites).toEqual([]);
    // the guests screen sees the new project, and the guest's membership was audited
    const guests = await org.api.get('/guests');
    const listed = guests.body.active.find((g: { id: string }) => g.id === second.userId);
    expect(listed.projects.map((p: { project_id: string }) => p.project_id)).toContain(id);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'ADD_GUESTS']);
    const again = await org.api.post(`/projects/${id}/guests`, { user_ids: [second.userId] });
    expect(again.status).toBe(200);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'ADD_GUESTS']);

    const byOperative = await operative.orgApi.post(`/projects/${id}/guests`, {
      user_ids: [second.userId],
    });
    expect(byOperative.status).toBe(403);
  });

  it('dates a guest by when they joined the project; deactivated guests leave the list', async () => {
    const id = await newProject('Dated Dock');
    const later = await addMember(test, org, 'GUEST');
    await org.api.post(`/projects/${id}/guests`, { user_ids: [later.userId] });
    const { rows } = await test.platform.db.query<{ created_at: Date; membership: Date }>(
      `SELECT pm.created_at, m.created_at AS membership FROM project_members pm
         JOIN memberships m ON m.organisation_id = pm.organisation_id AND m.user_id = pm.user_id
        WHERE pm.project_id = $1 AND pm.user_id = $2`,
      [id, later.userId],
    );
    const listed = await org.api.get(`/projects/${id}/guests`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        user_id: later.userId,
        created_at: rows[0]!.created_at.toISOString(),
      }),
    ]);
    expect(rows[0]!.created_at.getTime()).toBeGreaterThan(rows[0]!.membership.getTime());
    const { rows: audits } = await test.platform.db.query<{ action: string; changes: unknown }>(
      `SELECT a.action, a.changes FROM audit_entries a JOIN memberships m ON m.id = a.document_id
        WHERE m.user_id = $1 AND a.action = 'ADD_TO_PROJECTS'`,
      [later.userId],
    );
    expect(audits).toEqual([{ action: 'ADD_TO_PROJECTS', changes: { project_ids: [id] } }]);

    await test.platform.db.query(
      `UPDATE memberships SET active = false WHERE organisation_id = $1 AND user_id = $2`,
      [org.id, later.userId],
    );
    expect((await org.api.get(`/projects/${id}/guests`)).body.data).toEqual([]);
  });
});
