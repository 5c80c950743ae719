import type { SearchResult } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { textOf } from '../../test/render';
import {
  listOf,
  makeProject,
  openOrganisationPage,
  pathOf,
  queryButton,
  waitFor,
} from '../projects/test/projects-kit';

const CLIENT = '0123456789abcdef0123abcd';
const project = makeProject({
  name: 'Harbour Wall',
  reference: 'HW-01',
  client_name: 'Harbour Co',
});
const RESULT: SearchResult = {
  clients: [{ id: CLIENT, name: 'Harbour Co', archived_at: null }],
  projects: [
    {
      id: project.id,
      name: project.name,
      reference: 'HW-01',
      client_name: 'Harbour Co',
      archived_at: null,
    },
  ],
  jobs: [],
  jobSheets: [],
};
const NOTHING: SearchResult = { clients: [], projects: [], jobs: [], jobSheets: [] };

const searchCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => pathOf(call).startsWith('/search')).map(pathOf);

function answering(search: (term: string, call: RecordedCall) => Response | Promise<Response>) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    if (path.startsWith('/search?term=')) return search(path.slice('/search?term='.length), call);
    if (path.startsWith(`/projects/${project.id}?`)) {
      return jsonResponse({ data: { ...project, location_statuses: [], site: null } });
    }
    if (path.endsWith('/members')) return jsonResponse({ data: [] });
    if (path.startsWith('/clients?')) return listOf([]);
    if (path.startsWith('/select_options/')) return jsonResponse({ data: [] });
    return errorResponse(404, 'Not Found');
  };
}

/** The search field, opening it first where it is folded into an icon (phones). */
async function searchBox(): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Quick search"]');
    if (input) return input;
    const icon = queryButton('Open quick search');
    if (icon) act(() => icon.click());
    throw new Error('no search field yet');
  });
}

async function type(value: string) {
  const input = await searchBox();
  act(() => {
    input.focus();
    Reflect.set(HTMLInputElement.prototype, 'value', value, input);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function press(key: string) {
  const input = await searchBox();
  act(() => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true }));
  });
}

const options = () =>
  [...document.querySelectorAll<HTMLElement>('[role="option"]')].map(
    // the option's first line: its name (the option is named by its content)
    (option) => option.querySelector('p')?.textContent ?? null,
  );

describe('the global search', () => {
  it('searches from two characters once typing pauses, grouped, and opens a project with the keyboard', async () => {
    const { calls, router } = await openOrganisationPage(
      'clients',
      answering(() => jsonResponse(RESULT)),
    );
    await type('h');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(searchCalls(calls)).toEqual([]);

    await type('ha');
    await type('harb');
    await waitFor(() => expect(options()).toEqual(['Harbour Co', 'Harbour Wall']));
    expect(searchCalls(calls)).toEqual(['/search?term=harb']);
    const listbox = document.querySelector('[role="listbox"]');
    expect(listbox?.textContent).toContain('Clients');
    expect(listbox?.textContent).toContain('Projects');
    expect(listbox?.textContent).toContain('HW-01 · Harbour Co');

    // The first hit is selected: ↓ moves to the project, Enter opens it.
    await press('ArrowDown');
    await press('Enter');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organisations/acme/projects/${project.id}`),
    );
  });

  it('opens the clients page searched for a client it found', async () => {
    const { calls, router } = await openOrganisationPage(
      'projects/' + project.id,
      answering(() => jsonResponse(RESULT)),
    );
    await type('harbour');
    await waitFor(() => expect(options()).toContain('Harbour Co'));
    await press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations/acme/clients'));
    expect(router.state.location.search).toBe('?search=Harbour+Co');
    await waitFor(() =>
      expect(
        calls.some((call) => pathOf(call).startsWith('/clients?filter[search]=Harbour Co&')),
      ).toBe(true),
    );
  });

  it('says when nothing matches', async () => {
    await openOrganisationPage(
      'clients',
      answering(() => jsonResponse(NOTHING)),
    );
    await type('zzz');
    await waitFor(() => expect(textOf()).toContain('No matches for “zzz”'));
  });

  it('cancels the request of a term the user has typed past', async () => {
    const signals = new Map<string, AbortSignal>();
    const { calls } = await openOrganisationPage(
      'clients',
      answering((term) =>
        term === 'har'
          ? new Promise<Response>(() => undefined) // never answers: it must be cancelled
          : jsonResponse(RESULT),
      ),
    );
    const stub = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (init.signal) signals.set(input, init.signal);
      return stub(input, init);
    });
    await type('har');
    await waitFor(() => expect(searchCalls(calls)).toEqual(['/search?term=har']));
    await type('harbour');
    await waitFor(() => expect(options()).toContain('Harbour Wall'));
    const stale = [...signals].find(([url]) => url.endsWith('/search?term=har'));
    expect(stale?.[1].aborted).toBe(true);
  });

  it('closes with Esc', async () => {
    await openOrganisationPage(
      'clients',
      answering(() => jsonResponse(RESULT)),
    );
    await type('harbour');
    await waitFor(() => expect(options()).toContain('Harbour Wall'));
    const input = await searchBox();
    expect(input.hasAttribute('data-expanded')).toBe(true);
    await press('Escape');
    // Closed (the dropdown's exit transition does not run in this DOM, so it is not removed).
    await waitFor(() => expect(input.hasAttribute('data-expanded')).toBe(false));
  });
});
