import type { Role } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import { textOf } from '../../../test/render';
import {
  button,
  callsTo,
  choose,
  click,
  dialog,
  fill,
  guestsOverviewFor,
  makeGuest,
  makeGuestInvite,
  noContent,
  openSettings,
  pathOf,
  queryButton,
  submit,
  waitFor,
} from '../../settings/test/settings-kit';
import { makeId } from '../../../test/fixtures';

const gina = makeGuest({ name: 'Gina Guest' });
const invite = makeGuestInvite({ email: 'client@example.test' });
const bridge = { id: makeId(), name: 'Harbour Bridge', archived_at: null };
const tunnel = { id: makeId(), name: 'River Tunnel', archived_at: null };

function guestsAnswer(
  projects: (call: RecordedCall) => Response,
  extra?: (call: RecordedCall) => Response | undefined,
  role: Role = 'ADMIN',
) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    const answered = extra?.(call);
    if (answered) return answered;
    if (path === '/guests')
      return jsonResponse(guestsOverviewFor(role, { active: [gina], invited: [invite] }));
    if (path.startsWith('/select_options/projects') || path.startsWith('/projects'))
      return projects(call);
    return errorResponse(404, 'Not Found');
  };
}

describe('GuestsPage', () => {
  it('lists guests with their projects and open invitations', async () => {
    await openSettings(
      'guests',
      guestsAnswer(() => errorResponse(404, 'Not Found')),
    );
    await waitFor(() => expect(textOf()).toContain('Gina Guest'));
    expect(textOf()).toContain('Harbour Bridge');
    await click('Invited1');
    await waitFor(() => expect(textOf()).toContain('client@example.test'));
  });

  it('invites a guest into projects from /select_options/projects', async () => {
    const { calls } = await openSettings(
      'guests',
      guestsAnswer(
        () => jsonResponse({ data: [bridge, tunnel] }),
        (call) => (call.method === 'POST' ? jsonResponse({ data: invite }, 201) : undefined),
      ),
    );
    await click('Invite guest');
    await fill('Email', 'client@example.test', dialog);
    await choose('Projects', 'River Tunnel');
    await submit('Send invitation');
    await waitFor(() => expect(callsTo(calls, 'POST', '/guests/invite')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/guests/invite')[0])).toEqual({
      email: 'client@example.test',
      project_ids: [tunnel.id],
    });
  });

  it('falls back to GET /projects when select options do not exist', async () => {
    const { calls } = await openSettings(
      'guests',
      guestsAnswer((call) =>
        pathOf(call).startsWith('/projects')
          ? jsonResponse({
              data: [bridge],
              meta: { total: 1, current_page: 1, per_page: 1, last_page: 1 },
            })
          : errorResponse(404, 'Not Found'),
      ),
    );
    await click('Invite guest');
    await choose('Projects', 'Harbour Bridge');
    expect(calls.map(pathOf)).toContain('/projects?page=all&sort=name');
  });

  it('says so when no project list exists, and does not send an invitation without projects', async () => {
    await openSettings(
      'guests',
      guestsAnswer(() => errorResponse(404, 'Not Found')),
    );
    await click('Invite guest');
    await waitFor(() => expect(textOf(dialog())).toContain('Projects cannot be listed here yet'));
    expect(button('Send invitation', dialog()).hasAttribute('disabled')).toBe(true);
  });

  it('shows a 422 on project_ids under the project picker', async () => {
    await openSettings(
      'guests',
      guestsAnswer(
        () => jsonResponse({ data: [bridge] }),
        (call) =>
          call.method === 'POST'
            ? errorResponse(422, 'Validation Failure', {
                errors: [
                  { field: 'project_ids', message: 'Name at least one project', code: 'too_small' },
                ],
              })
            : undefined,
      ),
    );
    await click('Invite guest');
    await fill('Email', 'client@example.test', dialog);
    await submit('Send invitation');
    await waitFor(() => expect(textOf(dialog())).toContain('Name at least one project'));
  });

  it('resends and cancels a guest invitation', async () => {
    const { calls } = await openSettings(
      'guests',
      guestsAnswer(
        () => errorResponse(404, 'Not Found'),
        (call) => (call.method === 'POST' || call.method === 'DELETE' ? noContent() : undefined),
      ),
    );
    await click('Invited1');
    await click(`Actions for the invitation of ${invite.email}`);
    await click('Resend invitation');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/guests/invites/${invite.id}/resend`)).toHaveLength(1),
    );
    await click(`Actions for the invitation of ${invite.email}`);
    await click('Cancel invitation');
    await submit('Cancel invitation');
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', `/guests/invites/${invite.id}`)).toHaveLength(1),
    );
  });

  it('adds a guest to projects and changes a guest to a member', async () => {
    const { calls } = await openSettings(
      'guests',
      guestsAnswer(
        () => jsonResponse({ data: [bridge, tunnel] }),
        (call) => (call.method === 'POST' ? jsonResponse({ data: gina }) : undefined),
      ),
    );
    await click('Actions for Gina Guest');
    await click('Add to projects');
    await choose('Projects to add', 'River Tunnel');
    await submit('Add to projects');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/guests/${gina.id}/add_to_projects`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'POST', `/guests/${gina.id}/add_to_projects`)[0])).toEqual({
      project_ids: [tunnel.id],
    });
    await click('Actions for Gina Guest');
    await click('Change to member');
    await choose('Role', 'Manager');
    await submit('Change to member');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/guests/${gina.id}/change_to_member`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'POST', `/guests/${gina.id}/change_to_member`)[0])).toEqual({
      role: 'MANAGER',
    });
  });

  it('lets a manager invite but not make members; an operative only reads', async () => {
    await openSettings(
      'guests',
      guestsAnswer(() => errorResponse(404, 'Not Found'), undefined, 'MANAGER'),
      { role: 'MANAGER' },
    );
    await click('Actions for Gina Guest');
    await waitFor(() => expect(queryButton('Add to projects')).not.toBeNull());
    expect(queryButton('Change to member')).toBeNull();
  });

  it('gives an operative the list only', async () => {
    await openSettings(
      'guests',
      guestsAnswer(() => errorResponse(404, 'Not Found'), undefined, 'OPERATIVE'),
      { role: 'OPERATIVE' },
    );
    await waitFor(() => expect(textOf()).toContain('Gina Guest'));
    expect(queryButton('Invite guest')).toBeNull();
    expect(queryButton('Actions for Gina Guest')).toBeNull();
  });
});
