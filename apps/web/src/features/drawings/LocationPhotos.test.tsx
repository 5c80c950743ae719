import type { JobSheetPhoto, Location } from '@fieldwork/contract';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { configureApi } from '../../api/api-config';
import { saveAccessToken } from '../../session/persisted-session';
import { session } from '../../session/session-state';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { makeOrganisation, makeUser } from '../../test/fixtures';
import { render, textOf, waitFor } from '../../test/render';
import { LocationPhotos } from './LocationPhotos';

const sheet = (id: string, number: number) => ({ id, number, status: 'SUBMITTED' });
const photo = (id: string, sheetId: string) =>
  ({
    id,
    job_sheet_id: sheetId,
    status: 'READY',
    caption: null,
    file: { url: `https://files.test/${id}.jpg`, thumbnail_url: `https://files.test/${id}-t.jpg` },
  }) as unknown as JobSheetPhoto;

async function shown(location: Partial<Location>, photos: JobSheetPhoto[]) {
  const organisation = makeOrganisation({ slug: 'acme' });
  configureApi({ apiUrl: 'http://api.test' });
  saveAccessToken('token', { rememberMe: false });
  const calls = stubFetch(() => jsonResponse({ data: photos, meta: { total: photos.length } }));
  session.update({
    user: makeUser(),
    organisations: [organisation],
    organisationId: organisation.id,
  });
  const container = await render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <LocationPhotos
          location={{ id: 'l1', job_sheets: [], job_sheet_photos: [], ...location } as Location}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { calls, container };
}

describe('a location’s photos in its panel', () => {
  it('shows its sheets’ ready photos as thumbnails opening their sheet, and how many there are', async () => {
    const { calls, container } = await shown(
      {
        job_sheets: [sheet('s1', 7), sheet('s2', 9)],
        job_sheet_photos: [
          { id: 'p1', job_sheet_id: 's1', status: 'READY', width: 1, height: 1 },
          { id: 'p2', job_sheet_id: 's2', status: 'READY', width: 1, height: 1 },
          { id: 'p3', job_sheet_id: 's2', status: 'PROCESSING', width: null, height: null },
        ],
      },
      [photo('p1', 's1'), photo('p2', 's2')],
    );
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(2));
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://files.test/p1-t.jpg');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Photo on job sheet 7',
      'Photo on job sheet 9',
    ]);
    expect(links[0]?.getAttribute('href')).toContain('/job_sheets/s1');
    expect(textOf()).toContain('3 photos, 2 shown');
    const asked = new URL(calls[0]!.url);
    expect(asked.pathname).toContain('/job_sheet_photos');
    expect(asked.searchParams.get('filter[job_sheet_id]')).toBe('s1,s2');
  });

  it('says so when there are none, without asking', async () => {
    const { calls } = await shown({}, []);
    await waitFor(() => expect(textOf()).toContain('No photos'));
    expect(calls).toHaveLength(0);
  });
});
