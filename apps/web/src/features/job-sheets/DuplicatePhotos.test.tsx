import type { JobSheet, JobSheetDuplicatePhoto } from '@fieldwork/contract';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { configureApi } from '../../api/api-config';
import { saveAccessToken } from '../../session/persisted-session';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { makeOrganisation, makeUser } from '../../test/fixtures';
import { render, textOf, waitFor } from '../../test/render';
import { session } from '../../session/session-state';
import { DuplicatePhotos } from './DuplicatePhotos';
import { duplicateSummary } from './duplicate-summary';

const pair = (
  photo: string,
  sheet: string,
  number: number | null,
  kind: 'EXACT' | 'NEAR' = 'NEAR',
): JobSheetDuplicatePhoto => ({
  photo_id: photo,
  duplicate_photo_id: `${photo}-on-${sheet}`,
  duplicate_job_sheet_id: sheet,
  duplicate_job_sheet_number: number,
  kind,
  distance: 5,
});

describe('the duplicate-photo panel', () => {
  it('counts this sheet’s photos, not the pairs, and names the other sheets', () => {
    // one photo of this sheet, found on two other sheets: one photo, two sheets
    expect(duplicateSummary([pair('p1', 's12', 12), pair('p1', 's15', 15)])).toBe(
      '1 photo also on sheets 12 and 15',
    );
    expect(duplicateSummary([pair('p1', 's12', 12)])).toBe('1 photo also on sheet 12');
    expect(duplicateSummary([pair('p1', 's3', 3), pair('p2', 's3', 3), pair('p2', 's9', 9)])).toBe(
      '2 photos also on sheets 3 and 9',
    );
    expect(duplicateSummary([pair('p1', 'a', 21), pair('p2', 'b', 4), pair('p3', 'c', 8)])).toBe(
      '3 photos also on sheets 4, 8 and 21',
    );
    expect(duplicateSummary([pair('p1', 'x', null)])).toBe('1 photo also on another sheet');
    expect(duplicateSummary([pair('p1', 's2', 2), pair('p1', 'x', null)])).toBe(
      '1 photo also on sheet 2 and another sheet',
    );
  });

  it('shows each pair in words, never the hash distance', async () => {
    const organisation = makeOrganisation({ slug: 'acme' });
    configureApi({ apiUrl: 'http://api.test' });
    saveAccessToken('token', { rememberMe: false });
    stubFetch(() => jsonResponse({}, 404));
    session.update({
      user: makeUser(),
      organisations: [organisation],
      organisationId: organisation.id,
    });
    const sheet = {
      id: 'mine',
      photos: [],
      duplicate_photos: [pair('p1', 's12', 12, 'EXACT'), pair('p1', 's15', 15, 'NEAR')],
    } as unknown as JobSheet;
    await render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <DuplicatePhotos sheet={sheet} />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(textOf()).toContain('1 photo also on sheets 12 and 15'));
    const text = textOf();
    expect(text).toContain('The same file');
    expect(text).toContain('Looks like the same photo');
    expect(text).toContain('Sheet 12');
    expect(text).toContain('Sheet 15');
    expect(text).not.toMatch(/distance|Nearly the same|\b5\b/);
  });
});
