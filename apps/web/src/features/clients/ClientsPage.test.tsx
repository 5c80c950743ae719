import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makeClient, makeContext, makeOrganisation } from '../../test/fixtures';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { firstThen, forbidden } from '../../test/answers';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const client = makeClient({ name: 'Northwind Construction', project_count: 2 });

function listOf(clients: unknown[]) {
  const meta = { total: clients.length, current_page: 1, per_page: 25, last_page: 1 };
  return jsonResponse({ data: clients, meta });
}

async function openClients(answer: (call: RecordedCall) => Response) {
  const calls = signedIn(makeContext([organisation]), answer);
  await renderApp('/organisations/acme/clients');
  return calls;
}

function button(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('button, [role="menuitem"]')].find(
    (element) =>
      element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

function checkbox(label: string): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!found) throw new Error(`no checkbox "${label}"`);
  return found;
}

const click = (name: string) => waitFor(() => act(() => button(name).click()));

describe('ClientsPage', () => {
  it('lists clients with the default filter, sort and page size', async () => {
    const calls = await openClients(() => listOf([client]));
    await waitFor(() => expect(textOf()).toContain('Northwind Construction'));
    expect(textOf()).toContain('1–1 of 1');
    const listCall = calls.find((call) => call.url.includes('/clients?'));
    expect(listCall?.url).toBe(
      `http://api.test/organisations/${organisation.id}/clients?filter[archived]=false&sort=name&page[number]=1&page[size]=25`,
    );
  });

  it('invites the first client when there are none', async () => {
    await openClients(() => listOf([]));
    await waitFor(() => expect(textOf()).toContain('No clients yet'));
  });

  it('shows a failed load with a way to try again', async () => {
    const clients = firstThen(forbidden, () => listOf([client]));
    await openClients((call) =>
      call.url.includes('/clients') ? clients() : errorResponse(404, 'Not Found'),
    );
    await waitFor(() => expect(textOf()).toContain('Could not load clients'));
    expect(textOf()).toContain('Forbidden happened');
    await click('Try again');
    await waitFor(() => expect(textOf()).toContain('Northwind Construction'));
  });

  it('offers "Delete anyway" after a 409 Conflict and retries with ?force=true', async () => {
    const calls = await openClients((call) => {
      if (call.method !== 'DELETE') return listOf([client]);
      return call.url.endsWith('?force=true')
        ? new Response(null, { status: 204 })
        : errorResponse(409, 'Conflict', { message: 'The client still has 2 projects.' });
    });
    await click(`Actions for ${client.name}`);
    await click('Delete');
    await waitFor(() => expect(textOf()).toContain(`Delete ${client.name}?`));
    await click('Delete');
    await waitFor(() => expect(textOf()).toContain('The client still has 2 projects.'));
    await click('Delete anyway');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        `http://api.test/organisations/${organisation.id}/clients/${client.id}`,
        `http://api.test/organisations/${organisation.id}/clients/${client.id}?force=true`,
      ]),
    );
  });

  it('bulk-deletes the checked rows and offers to force the ones refused, with their reasons', async () => {
    const failed = [
      { id: client.id, reason: 'The client still has 2 projects.', code: 'conflict' },
    ];
    const calls = await openClients((call) => {
      if (call.method !== 'DELETE') return listOf([client]);
      return call.url.endsWith('?force=true')
        ? jsonResponse({ deleted: [client.id], failed: [] })
        : jsonResponse({ deleted: [], failed });
    });
    await waitFor(() => act(() => checkbox(`Select ${client.name}`).click()));
    await waitFor(() => expect(textOf()).toContain('1 selected'));
    await click('Delete');
    await waitFor(() => expect(textOf()).toContain('Delete 1 client?'));
    await click('Delete');
    await waitFor(() => expect(textOf()).toContain('1 client could not be deleted'));
    expect(textOf()).toContain('The client still has 2 projects.');
    await click('Delete anyway');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        `http://api.test/organisations/${organisation.id}/clients/delete_many`,
        `http://api.test/organisations/${organisation.id}/clients/delete_many?force=true`,
      ]),
    );
    const bodies = calls.filter((call) => call.method === 'DELETE').map((call) => call.body);
    expect(bodies).toEqual([
      JSON.stringify({ ids: [client.id] }),
      JSON.stringify({ ids: [client.id] }),
    ]);
  });
});
