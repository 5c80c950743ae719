import type { Site } from '@fieldwork/contract';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOf } from '../../test/answers';
import { makeContext, makeOrganisation, makeSite as makeLibrarySite } from '../../test/fixtures';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { click, fieldByLabel, fill } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });

// The library is a lazily loaded area (Leaflet and the form builder included) inside a lazily
// loaded unit, and waits for Mantine's complete styles: load them once, before the clock runs.
beforeAll(
  () =>
    Promise.all([
      import('../../routes/units/organisation-areas'),
      import('../library/LibraryArea'),
      import('../../ui/all-styles'),
    ]),
  30_000,
);

/** A site with coordinates (its map pin shows). */
const makeSite = (overrides: Partial<Site> = {}) =>
  makeLibrarySite({ coordinates: { lat: 53.7906, lng: -1.5532 }, ...overrides });

async function openSites(answer: (call: RecordedCall) => Response, path = 'library/sites') {
  const calls = signedIn(makeContext([organisation]), (call) =>
    call.url.endsWith('/countries') ? jsonResponse({ data: [] }) : answer(call),
  );
  await renderApp(`/organisations/acme/${path}`);
  return calls;
}

const checkbox = (label: string) => {
  const found = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!found) throw new Error(`no checkbox "${label}"`);
  return found;
};

describe('Library › Sites', () => {
  it('opens on the sites tab and lists live sites by name', async () => {
    const calls = await openSites(() => listOf([makeSite()]), 'library');
    await waitFor(() => expect(textOf()).toContain('Holbeck Works'));
    expect(textOf()).toContain('Marshall Street, Leeds, LS11 9YJ, United Kingdom');
    const list = calls.find((call) => call.url.includes('/sites?'));
    expect(list?.url).toBe(
      `http://api.test/organisations/${organisation.id}/sites?sort=name&page[number]=1&page[size]=25`,
    );
  });

  it('shows deleted sites on request and restores them', async () => {
    const gone = makeSite({ name: 'Old Yard', deleted_at: '2026-02-01T00:00:00.000Z' });
    const calls = await openSites((call) =>
      call.url.includes('restore_many')
        ? jsonResponse({ restored: [gone.id], failed: [] })
        : listOf(call.url.includes('filter[deleted]=true') ? [gone] : [makeSite()]),
    );
    await waitFor(() => expect(textOf()).toContain('Holbeck Works'));
    await waitFor(() => act(() => fieldByLabel('Show deleted').click()));
    await waitFor(() => expect(textOf()).toContain('Old Yard'));
    await click(`Actions for ${gone.name}`);
    await click('Restore');
    await waitFor(() => expect(calls.some((call) => call.url.includes('restore_many'))).toBe(true));
    const restore = calls.find((call) => call.url.includes('restore_many'));
    expect(jsonBodyOf(restore)).toEqual({ ids: [gone.id] });
  });

  it('deletes the checked sites and lists the ones still in use with the reason', async () => {
    const free = makeSite({ name: 'Free Site' });
    const used = makeSite({ name: 'Busy Site' });
    const calls = await openSites((call) =>
      call.method === 'DELETE'
        ? jsonResponse({
            deleted: [free.id],
            failed: [
              {
                id: used.id,
                code: 'in_use',
                reason: 'The site is still used by 1 project (Tower); take it off them first.',
              },
            ],
          })
        : listOf([free, used]),
    );
    await waitFor(() => expect(textOf()).toContain('Busy Site'));
    await waitFor(() => act(() => checkbox('Select all sites on this page').click()));
    await click('Delete');
    await waitFor(() => expect(textOf()).toContain('Delete 2 sites?'));
    await click('Delete');
    await waitFor(() =>
      expect(textOf()).toContain(
        'Busy Site: The site is still used by 1 project (Tower); take it off them first.',
      ),
    );
    const deletion = calls.find((call) => call.method === 'DELETE');
    expect(jsonBodyOf(deletion)).toEqual({ ids: [free.id, used.id] });
  });

  it('creates a site, naming coordinate problems beside the fields before sending', async () => {
    const calls = await openSites((call) =>
      call.method === 'POST'
        ? jsonResponse({ data: makeSite({ name: 'New Yard' }) }, 201)
        : listOf([]),
    );
    await waitFor(() => expect(textOf()).toContain('No sites yet'));
    await click('New site');
    await fill('Name', 'New Yard');
    await fill('Latitude', '95');
    await click('Create site');
    await waitFor(() => expect(textOf()).toContain('Latitude is a number between -90 and 90'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await fill('Latitude', '53.8');
    await fill('Longitude', '-1.55');
    await click('Create site');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(jsonBodyOf(calls.find((call) => call.method === 'POST'))).toMatchObject({
      name: 'New Yard',
      coordinates: { lat: 53.8, lng: -1.55 },
    });
  });

  it('explains a server without a geocoder when finding coordinates', async () => {
    await openSites((call) =>
      call.url.includes('/googlemaps/')
        ? errorResponse(422, 'Validation Failure', {
            code: 'validation_failed',
            errors: [
              { field: 'address', message: 'not configured', code: 'geocoding_not_configured' },
            ],
          })
        : listOf([]),
    );
    await waitFor(() => expect(textOf()).toContain('No sites yet'));
    await click('New site');
    await fill('Address line 1', '1 Riverside Walk');
    await click('Find coordinates');
    await waitFor(() =>
      expect(textOf()).toContain('Finding coordinates is not set up on this server'),
    );
  });

  it('shows a site with its details and map', async () => {
    const site = makeSite({ what3words: 'filled.count.soap', notes: 'Gate 2' });
    await openSites(
      (call) =>
        call.url.endsWith(`/sites/${site.id}`) ? jsonResponse({ data: site }) : listOf([]),
      `library/sites/${site.id}`,
    );
    await waitFor(() => expect(textOf()).toContain('///filled.count.soap'));
    expect(textOf()).toContain('53.7906, -1.5532');
    expect(document.querySelector('[data-testid="site-map"]')).not.toBeNull();
  });
});
