import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import { textOf } from '../../../test/render';
import { makeMember } from '../../settings/test/settings-kit';
import {
  callsTo,
  choose,
  click,
  dialog,
  listOf,
  makeLocationStatus,
  me,
  makeProject,
  makeProjectMember,
  noContent,
  openOrganisationPage,
  pathOf,
  queryButton,
  submit,
  toggle,
  waitFor,
} from '../test/projects-kit';

const project = makeProject({
  name: 'Harbour Wall',
  reference: 'HW-01',
  client_name: 'Northwind',
  owner_name: 'Ada Builder',
  package: 'Fire stopping',
  metrics: { member_count: 1, guest_count: 0, block_count: 37 },
});
const statuses = [
  makeLocationStatus({ name: 'Done', type: 'COMPLETED', color: 'green', icon: 'tick', order: 2 }),
  makeLocationStatus({ name: 'Not started', order: 0 }),
  makeLocationStatus({ name: 'Sealing', type: 'ACTIVE', color: 'orange', order: 1 }),
];
const olu = makeProjectMember({ name: 'Olu Operative', can_start_jobs: true, can_edit: false });
const kim = makeMember({ name: 'Kim Manager', email: 'kim@example.test', role: 'MANAGER' });

function answering(extra: (call: RecordedCall) => Response | null = () => null) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    const own = extra(call);
    if (own) return own;
    if (call.method === 'GET' && path.startsWith(`/projects/${project.id}?`)) {
      return jsonResponse({ data: { ...project, location_statuses: statuses, site: null } });
    }
    if (call.method === 'GET' && path === `/projects/${project.id}/members`) {
      return jsonResponse({ data: [olu] });
    }
    if (path === '/members') return jsonResponse({ active: [kim], inactive: [], invited: [] });
    if (path.startsWith('/projects?')) return listOf([]);
    if (path.startsWith('/select_options/')) return jsonResponse({ data: [] });
    return errorResponse(404, 'Not Found');
  };
}

/** The project as the server answers an operative: its permissions for them come with it. */
const operativeView = (manageMembers: boolean) => (call: RecordedCall) =>
  call.method === 'GET' && pathOf(call).startsWith(`/projects/${project.id}?`)
    ? jsonResponse({
        data: {
          ...project,
          permissions: {
            update: false,
            delete: false,
            archive: false,
            manage_members: manageMembers,
          },
          location_statuses: statuses,
          site: null,
        },
      })
    : null;

const open = (answer = answering(), role: 'ADMIN' | 'MANAGER' | 'OPERATIVE' = 'ADMIN') =>
  openOrganisationPage(`projects/${project.id}`, answer, { role });

describe('ProjectOverviewPage', () => {
  it('shows the details, counts, statuses in their order and the members', async () => {
    const { calls } = await open();
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Harbour Wall'));
    expect(pathOf(callsTo(calls, 'GET', new RegExp(`^/projects/${project.id}\\?`))[0]!)).toBe(
      `/projects/${project.id}?expand[]=location_statuses&expand[]=site`,
    );
    expect(textOf()).toContain('HW-01 · Northwind');
    expect(textOf()).toContain('Fire stopping');
    expect(textOf()).toContain('37');
    const chips = [...document.querySelectorAll('section[aria-label="Location statuses"] li')];
    expect(chips.map((chip) => chip.textContent)).toEqual(['Not started', 'Sealing', 'Done']);
    await waitFor(() => expect(textOf()).toContain('Olu Operative'));
    expect(textOf()).toContain('No site or address yet.');
  });

  it('changes a member’s permission with PUT /projects/{id}/members/{userId}', async () => {
    const { calls } = await open(
      answering((call) => (call.method === 'PUT' ? jsonResponse({ data: olu }) : null)),
    );
    await waitFor(() => act(() => toggle('Can edit: Olu Operative').click()));
    await waitFor(() => expect(callsTo(calls, 'PUT', /\/members\//)).toHaveLength(1));
    const put = callsTo(calls, 'PUT', /\/members\//)[0];
    expect(pathOf(put!)).toBe(`/projects/${project.id}/members/${olu.user_id}`);
    expect(jsonBodyOf(put)).toEqual({ can_edit: true });
  });

  it('adds members who are not on the project yet', async () => {
    const { calls } = await open(
      answering((call) => (call.method === 'POST' ? jsonResponse({ data: [] }, 201) : null)),
    );
    await click('Add members');
    await choose('Members', 'Kim Manager');
    await submit('Add');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/projects/${project.id}/members`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'POST', `/projects/${project.id}/members`)[0])).toEqual({
      user_ids: [kim.id],
      can_start_jobs: true,
      can_edit: false,
    });
  });

  it('confirms taking a member off the project with "Remove", never "Delete"', async () => {
    const { calls } = await open(
      answering((call) => (call.method === 'DELETE' ? noContent() : null)),
    );
    await click(`Remove ${olu.name}`);
    await waitFor(() => expect(textOf(dialog())).toContain('Take Olu Operative off this project?'));
    const labels = [...dialog().querySelectorAll('button')].map((button) => button.textContent);
    expect(labels).toContain('Remove');
    expect(labels).not.toContain('Delete');
    await click('Remove', dialog);
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', /\/members\//).map(pathOf)).toEqual([
        `/projects/${project.id}/members/${olu.user_id}`,
      ]),
    );
  });

  it('lets an admin delete a project in use anyway, then returns to the list', async () => {
    const { calls, router } = await open(
      answering((call) => {
        if (call.method !== 'DELETE') return null;
        return pathOf(call).endsWith('?force=true')
          ? noContent()
          : errorResponse(409, 'Conflict', { message: 'Harbour Wall has 3 jobs.' });
      }),
    );
    await click('More actions');
    await click('Delete');
    await click('Delete', dialog);
    await waitFor(() => expect(textOf()).toContain('Harbour Wall has 3 jobs.'));
    await click('Delete anyway');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(callsTo(calls, 'DELETE', /^\/projects\//).map(pathOf)).toEqual([
      `/projects/${project.id}`,
      `/projects/${project.id}?force=true`,
    ]);
  });

  it('shows operatives the project without the controls that change it', async () => {
    await open(answering(operativeView(false)), 'OPERATIVE');
    await waitFor(() => expect(textOf()).toContain('Olu Operative'));
    expect(queryButton('Edit details')).toBeNull();
    expect(queryButton('More actions')).toBeNull();
    expect(queryButton('Add members')).toBeNull();
    expect(toggle('Can edit: Olu Operative').disabled).toBe(true);
  });

  it('lets an operative who may edit this project change its people', async () => {
    const self = makeProjectMember({ user_id: me.id, name: me.name, can_edit: true });
    await open(
      answering((call) =>
        call.method === 'GET' && pathOf(call) === `/projects/${project.id}/members`
          ? jsonResponse({ data: [olu, self] })
          : operativeView(true)(call),
      ),
      'OPERATIVE',
    );
    await waitFor(() => expect(queryButton('Add members')).not.toBeNull());
    // The members list loads on its own: it may land after the project's controls.
    await waitFor(() => expect(toggle('Can edit: Olu Operative').disabled).toBe(false));
    expect(queryButton('Edit details')).toBeNull();
  });

  it('says so when the project does not exist', async () => {
    await open((call) =>
      pathOf(call).startsWith('/projects/') ? errorResponse(404, 'Not Found') : listOf([]),
    );
    await waitFor(() => expect(textOf()).toContain('This project does not exist'));
  });
});
