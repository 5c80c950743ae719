import type { Role } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import { firstThen, forbidden, refusal } from '../../../test/answers';
import { makeId } from '../../../test/fixtures';
import { textOf } from '../../../test/render';
import {
  callsTo,
  choose,
  click,
  dialog,
  fill,
  listOf,
  makeMember,
  makeTeam,
  makeMemberInvite,
  me,
  membersOverviewFor,
  noContent,
  openSettings,
  pathOf,
  queryButton,
  submit,
  tableText,
  waitFor,
} from '../../settings/test/settings-kit';

const olu = makeMember({
  name: 'Olu Operative',
  email: 'olu@example.test',
  team_names: ['North crew'],
});
const self = makeMember({ id: me.id, name: me.name, email: me.email, role: 'ADMIN', owner: true });
const former = makeMember({
  name: 'Fay Former',
  active: false,
  deactivated_at: '2026-01-02T00:00:00.000Z',
});
const invite = makeMemberInvite({ email: 'new@example.test', role: 'MANAGER' });
const bridge = { id: makeId(), name: 'Harbour Bridge', archived_at: null };

/** GET /members as the server answers it to `role` (each member's permissions, the list's). */
const overview = (overrides = {}, role: Role = 'ADMIN') =>
  jsonResponse(
    membersOverviewFor(role, {
      active: [self, olu],
      inactive: [former],
      invited: [invite],
      ...overrides,
    }),
  );

function membersAnswer(
  extra: (call: RecordedCall) => Response | undefined = () => undefined,
  role: Role = 'ADMIN',
) {
  return (call: RecordedCall) =>
    extra(call) ??
    (pathOf(call) === '/members' ? overview({}, role) : errorResponse(404, 'Not Found'));
}

describe('MembersPage', () => {
  it('lists active members with their roles and teams, and counts every tab', async () => {
    await openSettings('members', membersAnswer());
    await waitFor(() => expect(textOf()).toContain('Olu Operative'));
    expect(textOf()).toContain('olu@example.test');
    expect(textOf()).toContain('Operative');
    expect(textOf()).toContain('North crew');
    expect(textOf()).toContain('Owner');
    expect(textOf()).not.toContain('Fay Former');
    await click('Inactive1');
    await waitFor(() => expect(textOf()).toContain('Fay Former'));
    await click('Invited1');
    await waitFor(() => expect(textOf()).toContain('new@example.test'));
  });

  it('searches members by name or e-mail', async () => {
    await openSettings('members', membersAnswer());
    await waitFor(() => expect(textOf()).toContain('Olu Operative'));
    await fill('Search members', 'OLU@');
    await waitFor(() => expect(tableText()).not.toContain(me.name));
    expect(tableText()).toContain('Olu Operative');
    await fill('Search members', 'nobody');
    await waitFor(() => expect(textOf()).toContain('No members match your filters'));
  });

  it('invites by e-mail with a role, and shows a 422 next to the field', async () => {
    const post = firstThen(
      () => refusal('email', 'Already a member'),
      () => jsonResponse({ data: invite }, 201),
    );
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => (call.method === 'POST' ? post() : undefined)),
    );
    await click('Invite member');
    await fill('Email', 'olu@example.test', dialog);
    await submit('Send invitation');
    await waitFor(() => expect(textOf(dialog())).toContain('Already a member'));
    await fill('Email', 'new@example.test', dialog);
    await choose('Role', 'Manager');
    await submit('Send invitation');
    await waitFor(() => expect(textOf()).toContain('Invitation sent to new@example.test'));
    const posts = callsTo(calls, 'POST', '/members/invites');
    expect(jsonBodyOf(posts.at(-1))).toEqual({ email: 'new@example.test', role: 'MANAGER' });
  });

  it('changes a role', async () => {
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => (call.method === 'PUT' ? jsonResponse({ data: olu }) : undefined)),
    );
    await click('Actions for Olu Operative');
    await click('Change role');
    await choose('Role', 'Manager');
    await submit('Change role');
    await waitFor(() => expect(callsTo(calls, 'PUT', `/members/${olu.id}/role`)).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'PUT', `/members/${olu.id}/role`)[0])).toEqual({
      role: 'MANAGER',
    });
  });

  it('deactivates after confirming, and reactivates', async () => {
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => (call.method === 'POST' ? jsonResponse({ data: olu }) : undefined)),
    );
    await click('Actions for Olu Operative');
    await click('Deactivate');
    await waitFor(() => expect(textOf()).toContain('Deactivate Olu Operative?'));
    await submit('Deactivate');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/members/${olu.id}/deactivate`)).toHaveLength(1),
    );
    await click('Inactive1');
    await click('Actions for Fay Former');
    await click('Reactivate');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/members/${former.id}/activate`)).toHaveLength(1),
    );
  });

  it('offers "Delete anyway" when the member still owns records (409)', async () => {
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => {
        if (call.method !== 'DELETE') return undefined;
        return pathOf(call).endsWith('force=true')
          ? noContent()
          : errorResponse(409, 'Conflict', { message: 'Olu still owns 3 clients.' });
      }),
    );
    await click('Actions for Olu Operative');
    await click('Delete');
    await submit('Delete');
    await waitFor(() => expect(textOf()).toContain('Olu still owns 3 clients.'));
    await submit('Delete anyway');
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', /^\/members\//).map(pathOf)).toEqual([
        `/members/${olu.id}`,
        `/members/${olu.id}?force=true`,
      ]),
    );
  });

  it('saves employment information with numbers and nulls', async () => {
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => (call.method === 'PUT' ? jsonResponse({ data: olu }) : undefined)),
    );
    await click('Actions for Olu Operative');
    await click('Employment information');
    await fill('Employee number', 'E-17', dialog);
    await fill('Hourly rate', '21.5', dialog);
    await submit('Save');
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', `/members/${olu.id}/employment_info`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'PUT', `/members/${olu.id}/employment_info`)[0])).toEqual({
      employee_number: 'E-17',
      tax_number: null,
      hourly_rate: 21.5,
      daily_rate: null,
    });
  });

  it('resends and cancels invitations', async () => {
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => (call.method === 'POST' ? noContent() : undefined)),
    );
    await click('Invited1');
    await click(`Actions for the invitation of ${invite.email}`);
    await click('Resend invitation');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/members/invites/${invite.id}/resend`)).toHaveLength(1),
    );
    await click(`Actions for the invitation of ${invite.email}`);
    await click('Cancel invitation');
    await submit('Cancel invitation');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/members/invites/${invite.id}/cancel`)).toHaveLength(1),
    );
  });

  it('adds a member to teams they are not in yet', async () => {
    const north = makeTeam({ name: 'North crew' });
    const south = makeTeam({ name: 'South crew' });
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => {
        if (pathOf(call).startsWith('/teams?')) return listOf([north, south]);
        return call.method === 'POST' ? jsonResponse({ data: olu }) : undefined;
      }),
    );
    await click('Actions for Olu Operative');
    await click('Add to teams');
    await choose('Teams', 'South crew');
    await submit('Add to teams');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/members/${olu.id}/add_to_teams`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'POST', `/members/${olu.id}/add_to_teams`)[0])).toEqual({
      team_ids: [south.id],
    });
    expect(calls.map(pathOf)).toContain('/teams?filter[archived]=false&sort=name&page=all');
  });

  it('changes a member to a guest, keeping their projects', async () => {
    const withProject = makeMember({
      name: 'Pia Projects',
      projects: [
        { project_id: bridge.id, project_name: bridge.name, can_start_jobs: true, can_edit: false },
      ],
    });
    const { calls } = await openSettings(
      'members',
      membersAnswer((call) => {
        const path = pathOf(call);
        if (path === '/members') return overview({ active: [self, withProject] });
        if (path.startsWith('/select_options/projects')) return jsonResponse({ data: [bridge] });
        return call.method === 'POST' ? jsonResponse({ data: withProject }) : undefined;
      }),
    );
    await click('Actions for Pia Projects');
    await click('Change to guest');
    await submit('Change to guest');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/members/${withProject.id}/change_to_guest`)).toHaveLength(1),
    );
    expect(
      jsonBodyOf(callsTo(calls, 'POST', `/members/${withProject.id}/change_to_guest`)[0]),
    ).toEqual({
      project_ids: [bridge.id],
    });
  });

  it('lets a manager add members to teams and nothing else', async () => {
    await openSettings('members', membersAnswer(undefined, 'MANAGER'), { role: 'MANAGER' });
    await click('Actions for Olu Operative');
    await waitFor(() => expect(queryButton('Add to teams')).not.toBeNull());
    for (const action of ['Change role', 'Employment information', 'Deactivate', 'Delete']) {
      expect(queryButton(action)).toBeNull();
    }
    expect(queryButton('Invite member')).toBeNull();
  });

  it('offers no role change, deactivation or deletion of oneself', async () => {
    await openSettings('members', membersAnswer());
    await click(`Actions for ${me.name}`);
    await waitFor(() => expect(queryButton('Employment information')).not.toBeNull());
    expect(queryButton('Change role')).toBeNull();
    expect(queryButton('Deactivate')).toBeNull();
  });

  it('gives an operative the list without invite or row actions', async () => {
    await openSettings('members', membersAnswer(undefined, 'OPERATIVE'), { role: 'OPERATIVE' });
    await waitFor(() => expect(textOf()).toContain('Olu Operative'));
    expect(queryButton('Invite member')).toBeNull();
    expect(queryButton('Actions for Olu Operative')).toBeNull();
  });

  it('shows a failed load with a way to try again, and an empty list', async () => {
    const members = firstThen(forbidden, () => overview({ invited: [] }));
    await openSettings('members', (call) =>
      pathOf(call) === '/members' ? members() : errorResponse(404, 'Not Found'),
    );
    await waitFor(() => expect(textOf()).toContain('Could not load members'));
    await click('Try again');
    await waitFor(() => expect(textOf()).toContain('Olu Operative'));
    await click('Invited0');
    await waitFor(() => expect(textOf()).toContain('No open invitations'));
  });
});
