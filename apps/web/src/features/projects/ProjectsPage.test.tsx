import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeBuild, readyBuild } from '../../test/builds';
import { textOf } from '../../test/render';
import {
  callsTo,
  click,
  dialog,
  field,
  listOf,
  makeProject,
  openOrganisationPage,
  pathOf,
  PROJECT_LIST_PERMISSIONS,
  projectListOf,
  queryButton,
  tableText,
  waitFor,
} from './test/projects-kit';

const CLIENT = '0123456789abcdef0123abcd';
const harbour = makeProject({ name: 'Harbour Wall', reference: 'HW-01', client_name: 'Northwind' });
const quay = makeProject({ name: 'Quay Street', archived_at: '2026-02-01T00:00:00.000Z' });

const MAY = PROJECT_LIST_PERMISSIONS;

/** Lists answer `projects` (with `may` as meta.permissions); the pickers empty lists; else 404. */
function answering(
  projects: unknown[],
  extra: (call: RecordedCall) => Response | null = () => null,
  may: Record<string, boolean> = MAY.ADMIN,
) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    const own = extra(call);
    if (own) return own;
    if (call.method === 'GET' && path.startsWith('/projects?')) return projectListOf(projects, may);
    if (path.startsWith('/select_options/')) return jsonResponse({ data: [] });
    if (path === '/members') return jsonResponse({ active: [], inactive: [], invited: [] });
    return errorResponse(404, 'Not Found');
  };
}

const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET', /^\/projects\?/).map(pathOf);

describe('ProjectsPage', () => {
  it('is the default page of an organisation', async () => {
    const { router } = await openOrganisationPage('', answering([harbour]));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
  });

  it('lists live projects by name by default, each linking to its overview', async () => {
    const { calls } = await openOrganisationPage('projects', answering([harbour]));
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
    expect(listCalls(calls)).toEqual([
      '/projects?filter[archived]=false&sort=name&page[number]=1&page[size]=25',
    ]);
    expect(tableText()).toContain('HW-01');
    expect(tableText()).toContain('Northwind');
    const link = [...document.querySelectorAll('tbody a')].find(
      (element) => element.textContent === 'Harbour Wall',
    );
    expect(link?.getAttribute('href')).toBe(`/organisations/acme/projects/${harbour.id}`);
  });

  it('reads its filters, sort and page from the URL, so a reload keeps them', async () => {
    const { calls } = await openOrganisationPage(
      `projects?search=wall&client=${CLIENT}&status=archived&sort=-created_at&page=2`,
      answering([quay]),
    );
    await waitFor(() => expect(tableText()).toContain('Quay Street'));
    expect(listCalls(calls)[0]).toBe(
      `/projects?filter[search]=wall&filter[client_id]=${CLIENT}&filter[archived]=true&sort=-created_at&page[number]=2&page[size]=25`,
    );
    expect(field('Search projects').value).toBe('wall');
  });

  it('writes a changed filter or sort into the URL and starts again at page 1', async () => {
    const { router, calls } = await openOrganisationPage(
      'projects?page=3',
      answering([harbour, quay]),
    );
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
    await waitFor(() =>
      act(() =>
        [...document.querySelectorAll<HTMLElement>('label')]
          .find((label) => label.textContent === 'All')!
          .click(),
      ),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe('/projects?sort=name&page[number]=1&page[size]=25'),
    );
    const referenceHeader = [...document.querySelectorAll('th button')].find(
      (element) => element.textContent === 'Reference',
    ) as HTMLElement;
    act(() => referenceHeader.click());
    await waitFor(() => expect(router.state.location.search).toBe('?status=all&sort=reference'));
  });

  it('types the search into the URL once typing pauses, and clears every filter', async () => {
    const { router } = await openOrganisationPage(
      'projects?status=archived',
      answering([], (call) =>
        call.method === 'GET' && pathOf(call).includes('filter[search]=nothing')
          ? listOf([])
          : null,
      ),
    );
    await waitFor(() => expect(textOf()).toContain('No projects match your filters'));
    const search = field('Search projects');
    act(() => {
      Reflect.set(HTMLInputElement.prototype, 'value', 'nothing', search);
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=nothing&status=archived'),
    );
    await click('Clear filters');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(field('Search projects').value).toBe('');
  });

  it('hides project references where the organisation switched the reference field off', async () => {
    await openOrganisationPage('projects', answering([harbour]), {
      options: { settings: { project_reference_field_enabled: false } },
    });
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
    expect(tableText()).not.toContain('HW-01');
    expect(document.querySelector('thead')?.textContent).not.toContain('Reference');
    await click('New project');
    await waitFor(() => expect(dialog()?.textContent).toContain('Name'));
    expect(dialog()?.textContent).not.toContain('Reference');
  });

  it('invites the first project when there are none', async () => {
    await openOrganisationPage('projects', answering([]));
    await waitFor(() => expect(textOf()).toContain('No projects yet'));
    expect(queryButton('New project')).not.toBeNull();
  });

  it('shows operatives the list without ways to change it', async () => {
    await openOrganisationPage('projects', answering([harbour], undefined, MAY.OPERATIVE), {
      role: 'OPERATIVE',
    });
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
    expect(queryButton('New project')).toBeNull();
    expect(queryButton('Export CSV')).toBeNull();
    expect(queryButton(`Actions for ${harbour.name}`)).toBeNull();
    expect(document.querySelector('input[aria-label="Select Harbour Wall"]')).toBeNull();
  });

  it('tells a guest, whom the server refuses the list, where their projects are', async () => {
    const refused = (call: RecordedCall) =>
      pathOf(call).startsWith('/projects?') ? errorResponse(403, 'Forbidden') : null;
    await openOrganisationPage('projects', answering([], refused), { role: 'GUEST' });
    await waitFor(() => expect(textOf()).toContain('Projects are for members'));
    expect(queryButton('New project')).toBeNull();
  });

  it('duplicates a project from its row', async () => {
    const { calls } = await openOrganisationPage(
      'projects',
      answering([harbour], (call) =>
        call.method === 'POST' && pathOf(call) === `/projects/${harbour.id}/duplicate`
          ? jsonResponse({ data: makeProject({ name: 'Harbour Wall (copy)' }) }, 201)
          : null,
      ),
    );
    await click(`Actions for ${harbour.name}`);
    await click('Duplicate');
    await waitFor(() => expect(textOf()).toContain('Harbour Wall (copy) created'));
    expect(callsTo(calls, 'POST', `/projects/${harbour.id}/duplicate`)).toHaveLength(1);
  });

  it('reports each project a bulk delete refused; only admins may force it', async () => {
    const failed = [{ id: harbour.id, reason: 'Harbour Wall has 3 jobs.', code: 'in_use' }];
    const refuse = (call: RecordedCall) =>
      call.method === 'DELETE' && pathOf(call).startsWith('/projects/delete_many')
        ? jsonResponse({ deleted: [], failed })
        : null;

    // as the server answers a manager: deleting, but not forcing, is theirs
    const asManager = {
      ...harbour,
      permissions: { update: true, delete: true, force_delete: false },
    };
    await openOrganisationPage('projects', answering([asManager], refuse, MAY.MANAGER), {
      role: 'MANAGER',
    });
    await waitFor(() =>
      act(() =>
        document.querySelector<HTMLElement>('input[aria-label="Select Harbour Wall"]')!.click(),
      ),
    );
    await click('Delete');
    await waitFor(() => expect(dialog().textContent).toContain('Delete 1 project?'));
    await click('Delete', dialog);
    await waitFor(() => expect(textOf()).toContain('1 project could not be changed'));
    expect(textOf()).toContain('Harbour Wall has 3 jobs.');
    expect(queryButton('Delete anyway')).toBeNull();
  });

  it('exports the list as filtered and offers the file once it is built', async () => {
    const build = makeBuild({ name: 'Projects export', download_name: 'projects.csv' });
    const { calls } = await openOrganisationPage(
      'projects?search=wall&status=all',
      answering([harbour], (call) => {
        if (call.method === 'POST' && pathOf(call) === '/exports/projects_csv')
          return jsonResponse({ url: 'http://files.test/builds/1', build });
        if (call.method === 'GET' && pathOf(call) === `/builds/${build.id}`)
          return jsonResponse({ data: readyBuild(build) });
        return null;
      }),
    );
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
    await click('Export CSV');
    await waitFor(() => expect(callsTo(calls, 'POST', '/exports/projects_csv')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/exports/projects_csv')[0])).toEqual({
      filter: { search: 'wall' },
      sort: 'name',
    });
    await waitFor(() => expect(textOf()).toContain('Waiting to start'));
    await waitFor(() => expect(textOf()).toContain('Download projects.csv (47 KB)'), 4000);
    expect(textOf()).not.toContain('READY');
  });
  it('says why an export failed and starts it again on "Try again"', async () => {
    const failed = makeBuild({ status: 'FAILED', exception: 'The export took too long.' });
    const again = makeBuild({ name: 'Projects export', download_name: 'projects.csv' });
    const builds = [failed, again];
    const { calls } = await openOrganisationPage(
      'projects',
      answering([harbour], (call) => {
        if (call.method === 'POST' && pathOf(call) === '/exports/projects_csv')
          return jsonResponse({ url: 'http://files.test/builds/1', build: builds.shift() });
        if (call.method === 'GET' && pathOf(call) === `/builds/${again.id}`)
          return jsonResponse({ data: readyBuild(again) });
        return null;
      }),
    );
    await waitFor(() => expect(tableText()).toContain('Harbour Wall'));
    await click('Export CSV');
    await waitFor(() => expect(textOf()).toContain('The export took too long.'));
    expect(textOf()).toContain('Failed');
    await click('Try again');
    await waitFor(() => expect(textOf()).toContain('Download projects.csv (47 KB)'), 4000);
    expect(callsTo(calls, 'POST', '/exports/projects_csv')).toHaveLength(2);
    expect(callsTo(calls, 'GET', `/builds/${failed.id}`)).toHaveLength(0);
  });
});
