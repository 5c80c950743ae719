import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import {
  callsTo,
  click,
  dialog,
  fill,
  listOf,
  makeLibraryTemplate,
  makeLocationStatus,
  makeProject,
  openOrganisationPage,
  pathOf,
  projectListOf,
  waitFor,
} from '../test/projects-kit';

const library = makeLibraryTemplate({ name: 'Fire stopping' });
const created = makeProject({ name: 'Quay Street' });

function answering(post: (call: RecordedCall) => Response) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    if (call.method === 'POST' && path === '/projects') return post(call);
    if (call.method === 'GET' && path.startsWith('/projects?')) return projectListOf([]);
    if (path.startsWith('/library_project_templates')) return listOf([library]);
    if (path.startsWith(`/projects/${created.id}?`)) {
      const statuses = library.location_statuses.map((status, order) =>
        makeLocationStatus({ ...status, order }),
      );
      return jsonResponse({ data: { ...created, location_statuses: statuses, site: null } });
    }
    if (path === `/projects/${created.id}/members`) return jsonResponse({ data: [] });
    if (path.startsWith('/select_options/')) return jsonResponse({ data: [] });
    if (path === '/members') return jsonResponse({ active: [], inactive: [], invited: [] });
    return errorResponse(404, 'Not Found');
  };
}

const radio = (name: string) => {
  const found = [...document.querySelectorAll<HTMLElement>('[role="radio"]')].find(
    (element) => element.getAttribute('aria-label') === name || element.textContent?.includes(name),
  );
  if (!found) throw new Error(`no radio "${name}"`);
  return found;
};
const pick = (name: string) => waitFor(() => act(() => radio(name).click()));

describe('creating a project', () => {
  it('starts from a library template, showing its forms and statuses, then opens the overview', async () => {
    const { calls, router } = await openOrganisationPage(
      'projects',
      answering(() => jsonResponse({ data: created }, 201)),
    );
    await click('New project');
    await pick('From a template');
    await waitFor(() => expect(dialog().textContent).toContain('Fire stopping inspection'));
    expect(dialog().textContent).toContain('Sealed');
    await pick('Fire stopping');
    await fill('Name', '  Quay Street ');
    await fill('Reference', 'QS-7');
    await click('Create project', dialog);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organisations/acme/projects/${created.id}`),
    );
    expect(jsonBodyOf(callsTo(calls, 'POST', '/projects')[0])).toEqual({
      // The contract's output: details left empty are sent as null.
      name: 'Quay Street',
      reference: 'QS-7',
      package: null,
      developer: null,
      site_address: null,
      location_reference_label: null,
      library_project_template_id: library.id,
    });
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Quay Street'));
    expect(document.body.textContent).toContain('To inspect');
  });

  it('asks for a template before sending, and shows the server’s 422 next to its field', async () => {
    const { calls } = await openOrganisationPage(
      'projects',
      answering(() =>
        errorResponse(422, 'Validation Failure', {
          errors: [{ field: 'name', message: 'Required', code: 'too_small' }],
        }),
      ),
    );
    await click('New project');
    await pick('From a project');
    await click('Create project', dialog);
    await waitFor(() => expect(dialog().textContent).toContain('Choose a project to copy'));
    expect(callsTo(calls, 'POST', '/projects')).toHaveLength(0);

    await pick('Blank');
    await click('Create project', dialog);
    // The contract's schema refuses an empty name in the browser.
    await waitFor(() => expect(dialog().textContent).toContain('Required'));
    expect(callsTo(calls, 'POST', '/projects')).toHaveLength(0);

    await fill('Name', 'Taken name');
    await click('Create project', dialog);
    await waitFor(() => expect(callsTo(calls, 'POST', '/projects')).toHaveLength(1));
    await waitFor(() => expect(dialog().textContent).toContain('Required'));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/projects')[0])).toMatchObject({
      name: 'Taken name',
    });
  });
});
