import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../test/fetch-stub';
import { firstThen, refusal } from '../../../test/answers';
import { textOf } from '../../../test/render';
import {
  callsTo,
  click,
  field,
  fill,
  me,
  openSettings,
  waitFor,
} from '../../settings/test/settings-kit';

describe('PasswordPage', () => {
  it('refuses two different new passwords without calling the API', async () => {
    const { calls } = await openSettings('password', () => errorResponse(404, 'Not Found'));
    await fill('Current password', 'old-secret-1');
    await fill('New password', 'new-secret-1');
    await fill('Confirm new password', 'new-secret-2');
    await click('Change password');
    await waitFor(() => expect(textOf()).toContain('The passwords do not match'));
    expect(callsTo(calls, 'PUT', '/me/update_password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field (422), then changes it', async () => {
    const put = firstThen(
      () => refusal('current_password', 'Is not your password', 'invalid'),
      () => jsonResponse({ user: me }),
    );
    const { calls } = await openSettings('password', (call) =>
      call.method === 'PUT' ? put() : errorResponse(404, 'Not Found'),
    );
    await fill('Current password', 'wrong');
    await fill('New password', 'new-secret-1');
    await fill('Confirm new password', 'new-secret-1');
    await click('Change password');
    await waitFor(() => expect(textOf()).toContain('Is not your password'));
    await fill('Current password', 'old-secret-1');
    await click('Change password');
    await waitFor(() => expect(textOf()).toContain('Password changed'));
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/me/update_password').at(-1))).toEqual({
      current_password: 'old-secret-1',
      password: 'new-secret-1',
    });
    await waitFor(() => expect(field('Current password').value).toBe(''));
  });
});
