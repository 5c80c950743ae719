import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../../test/fetch-stub';
import { textOf } from '../../../../test/render';
import { click, field as fieldNamed, fill, toggle } from '../../../settings/test/settings-kit';
import {
  callsTo,
  listOf,
  makeProject,
  notFound,
  openProjectSettings,
  pathOf,
  waitFor,
} from '../test/settings-area-kit';

const project = makeProject({
  name: 'Harbour Tower',
  default_rate_sets: [{ id: 'a'.repeat(24), name: 'Day rates' }],
});

describe('Project settings › General', () => {
  it("saves the project's flags with PUT, leaving its name alone", async () => {
    const { calls } = await openProjectSettings(project, 'general', (call) => {
      if (pathOf(call).startsWith('/rate_sets?'))
        return listOf([{ id: 'a'.repeat(24), name: 'Day rates' }]);
      if (call.method === 'PUT')
        return jsonResponse({ data: { ...project, approvals_enabled: true } });
      return notFound();
    });
    await waitFor(() => expect(textOf()).toContain('Save settings'));
    act(() => toggle('Approvals').click());
    // With approvals on, the project may want a different person at each stage.
    act(() => toggle('One person may decide several stages').click());
    await click('Save settings');
    await waitFor(() => expect(textOf()).toContain('Settings saved'));
    const [put] = callsTo(calls, 'PUT', `/projects/${project.id}`);
    expect(jsonBodyOf(put)).toEqual({
      item_mode: 'BOTH',
      multi_site: false,
      approvals_enabled: true,
      approvals_show_on_report: false,
      approvals_same_approver_allowed: false,
      enable_bulk_approval_actions: false,
      duplicate_photo_detection: false,
      duplicate_photo_detection_prevent_approvals: false,
      location_reference_enabled: false,
      location_reference_label: null,
      default_rate_set_ids: ['a'.repeat(24)],
    });
  });

  it('shows a refused field next to it', async () => {
    const referenced = { ...project, location_reference_enabled: true };
    const { calls } = await openProjectSettings(referenced, 'general', (call) => {
      if (pathOf(call).startsWith('/rate_sets?')) return listOf([]);
      if (call.method === 'PUT') {
        return errorResponse(422, 'Validation Failure', {
          errors: [{ field: 'location_reference_label', message: 'Too long', code: 'too_big' }],
        });
      }
      return notFound();
    });
    await fill('Reference label', 'x'.repeat(120));
    await click('Save settings');
    // The contract's schema refuses a label over 100 characters before anything is sent …
    await waitFor(() =>
      expect(fieldNamed('Reference label').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(callsTo(calls, 'PUT', `/projects/${project.id}`)).toHaveLength(0);
    // … and the server's 422 on a label the browser accepts lands on the same field.
    await fill('Reference label', 'Door');
    await click('Save settings');
    await waitFor(() => expect(callsTo(calls, 'PUT', `/projects/${project.id}`)).toHaveLength(1));
    await waitFor(() => expect(textOf()).toContain('Too long'));
    expect(fieldNamed('Reference label').getAttribute('aria-invalid')).toBe('true');
  });
});
