import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../test/fetch-stub';
import { textOf } from '../../../test/render';
import { act } from 'react';
import {
  callsTo,
  click,
  field,
  fill,
  me,
  openSettings,
  organisation,
  toggle,
  waitFor,
} from '../../settings/test/settings-kit';

describe('ProfilePage', () => {
  it('saves name, e-mail and phone, then reloads the session context', async () => {
    const { calls } = await openSettings('profile', (call) =>
      call.method === 'PUT'
        ? jsonResponse({ user: { ...me, name: 'Ada Lovelace' } })
        : errorResponse(404, 'Not Found'),
    );
    await waitFor(() => expect(field('Name').value).toBe(me.name));
    await fill('Name', 'Ada Lovelace');
    await fill('Phone', ' +44 20 7946 0000 ');
    await click('Save profile');
    await waitFor(() => expect(textOf()).toContain('Profile saved'));
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/me/update_user')[0])).toEqual({
      name: 'Ada Lovelace',
      email: me.email,
      phone: '+44 20 7946 0000',
    });
    await waitFor(() => expect(callsTo(calls, 'GET', '/me/context').length).toBeGreaterThan(1));
  });

  it('shows a 422 next to the e-mail', async () => {
    await openSettings('profile', () =>
      errorResponse(422, 'Validation Failure', {
        errors: [{ field: 'email', message: 'Already taken', code: 'taken' }],
      }),
    );
    await fill('Email', 'taken@example.test');
    await click('Save profile');
    await waitFor(() => expect(textOf()).toContain('Already taken'));
  });

  it("saves a preference for this organisation's membership", async () => {
    const { calls } = await openSettings('profile', (call) =>
      call.method === 'PUT'
        ? jsonResponse({
            preferences: { new_jobs_experience_enabled: true, auto_proceed_on_approval: false },
          })
        : errorResponse(404, 'Not Found'),
    );
    await waitFor(() => act(() => toggle('New jobs experience').click()));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/me/preferences')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/me/preferences')[0])).toEqual({
      organisation_id: organisation.id,
      new_jobs_experience_enabled: true,
    });
  });
});
