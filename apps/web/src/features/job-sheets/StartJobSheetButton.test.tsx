import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { configureApi } from '../../api/api-config';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { saveAccessToken } from '../../session/persisted-session';
import { session } from '../../session/session-state';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { makeOrganisation, makeUser } from '../../test/fixtures';
import { click, control } from '../../test/interact';
import { render, textOf, waitFor } from '../../test/render';
import { StartJobSheetButton } from './StartJobSheetButton';

const organisation = makeOrganisation({ slug: 'acme' });
const fireDoor = 'f'.repeat(24);
const snags = 'e'.repeat(24);
const job = {
  id: '1'.repeat(24),
  form_ids: [fireDoor, snags],
  form_names: ['Fire door check', 'Snag list'],
  job_sheet_count: 1,
};
const started = { id: 's'.repeat(24), form_id: fireDoor, project_form_id: null };

describe('the Start menu of a job with several forms', () => {
  it('offers "Resume ⟨form⟩" for the form with a sheet in progress, "Start ⟨form⟩" for the others', async () => {
    configureApi({ apiUrl: 'http://api.test' });
    saveAccessToken('token', { rememberMe: false });
    session.update({
      user: makeUser(),
      organisations: [organisation],
      organisationId: organisation.id,
    });
    const calls = stubFetch((call) =>
      new URL(call.url).pathname.endsWith('/job_sheets') && call.method === 'GET'
        ? jsonResponse({ data: [started] })
        : jsonResponse({}, 404),
    );
    await render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/job']}>
          <Routes>
            <Route path="/job" element={<StartJobSheetButton job={job} />} />
            <Route path="*" element={<p>Filling {'sheet'}</p>} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(control('Resume or start sheet')).toBeTruthy());
    await click('Resume or start sheet');
    await waitFor(() => expect(control('Resume Fire door check')).toBeTruthy());
    expect(control('Start Snag list')).toBeTruthy();
    expect(control('Add another Fire door check')).toBeTruthy();
    expect(textOf()).not.toMatch(/Start Fire door check|Resume Snag list/);

    // Resuming opens the sheet in progress; nothing is created.
    await click('Resume Fire door check');
    await waitFor(() => expect(textOf()).toContain('Filling sheet'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
