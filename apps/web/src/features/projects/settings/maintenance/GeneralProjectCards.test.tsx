import type { Project, ProjectTemplate } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { POLICIES, permissionsFor } from '../../../../test/answers';
import { errorResponse, jsonResponse } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import { makeMemberContext, makeUser } from '../../../../test/fixtures';
import { textOf } from '../../../../test/render';
import { openSignedIn } from '../../../../test/render-app';
import { click, dialog, queryButton } from '../../../settings/test/settings-kit';
import {
  callsTo,
  listOf,
  makeProject,
  notFound,
  openProjectSettings,
  organisation,
  pathOf,
  waitFor,
} from '../test/settings-area-kit';

const COVER_URL = 'http://files.test/report-cover-image.png?signature=abc';

/**
 * Answers the General tab's calls for `project`; uploads and removals change the project the
 * settings kit serves (it answers GET /projects/{id} from the same object).
 */
function generalServer(
  project: Project,
  upload: (call: RecordedCall) => Response | null = () => null,
) {
  const cover = `/projects/${project.id}/files/report_cover_image`;
  return (call: RecordedCall): Response => {
    const path = pathOf(call);
    if (path.startsWith('/rate_sets?')) return listOf([]);
    if (call.method === 'POST' && path === cover) {
      const refused = upload(call);
      if (refused) return refused;
      project.files = { report_cover_image: COVER_URL };
      return jsonResponse({ data: project });
    }
    if (call.method === 'DELETE' && path === cover) {
      project.files = { report_cover_image: null };
      return jsonResponse({ data: project });
    }
    const TASK = '0123456789abcdef01234567';
    if (path === `/background_tasks/${TASK}`)
      return jsonResponse({
        data: {
          id: TASK,
          kind: 'recalculate-rates',
          status: 'SUCCEEDED',
          progress: { done: 3, total: 3 },
          message: 'Recalculated 3 of 3',
          result: { project_id: project.id, recalculated: 3 },
          error: null,
          attempts: 1,
          started_at: null,
          finished_at: null,
          created_at: '2026-11-29T10:00:00Z',
          updated_at: '2026-11-29T10:00:00Z',
        },
      });
    const action = new RegExp(`^/projects/${project.id}/(\\w+)$`).exec(path);
    // the re-pricing runs on the work queue: 202 with its task
    if (call.method === 'POST' && action?.[1] === 'recalculate_rates')
      return jsonResponse({ task_id: TASK, status: 'QUEUED' }, 202);
    if (call.method === 'POST' && action) {
      if (action[1] === 'enable_approvals_on_all_forms') project.approvals_enabled = true;
      return jsonResponse({ data: project });
    }
    return notFound();
  };
}

/** Chooses a file in the (hidden) input of the cover image's upload button. */
function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  act(() => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
const coverImage = () => document.querySelector<HTMLImageElement>('img[alt="Report cover image"]');

describe('Project settings › General › cover image and maintenance', () => {
  it('uploads a cover image as the multipart field "file", shows it, and removes it', async () => {
    const project = makeProject();
    const { calls } = await openProjectSettings(project, 'general', generalServer(project));
    await waitFor(() =>
      expect(textOf()).toContain("No cover image: reports use the organisation's"),
    );
    chooseFile(png());
    await waitFor(() => expect(coverImage()?.getAttribute('src')).toBe(COVER_URL));
    expect(textOf()).toContain('Cover image uploaded');
    const [upload] = callsTo(calls, 'POST', `/projects/${project.id}/files/report_cover_image`);
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('cover.png');

    await click('Remove cover image');
    await waitFor(() => expect(coverImage()).toBeNull());
    expect(
      callsTo(calls, 'DELETE', `/projects/${project.id}/files/report_cover_image`),
    ).toHaveLength(1);
  });

  it("shows the server's reason for a refused image (422 and 413)", async () => {
    const project = makeProject();
    let answer = errorResponse(422, 'Validation Failure', {
      errors: [
        {
          field: 'file',
          message: 'The file is not a PNG, JPEG or WebP image.',
          code: 'invalid_image',
        },
      ],
    });
    await openProjectSettings(
      project,
      'general',
      generalServer(project, () => answer),
    );
    await waitFor(() => expect(queryButton('Upload cover image')).not.toBeNull());
    chooseFile(png());
    await waitFor(() => expect(textOf()).toContain('The file is not a PNG, JPEG or WebP image.'));
    answer = errorResponse(413, 'Payload Too Large', {
      message: 'The file is larger than 10 MB.',
      code: 'file_too_large',
    });
    chooseFile(png());
    await waitFor(() => expect(textOf()).toContain('The file is larger than 10 MB.'));
    expect(coverImage()).toBeNull();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const project = makeProject();
    const { calls } = await openProjectSettings(project, 'general', generalServer(project));
    await waitFor(() => expect(queryButton('Upload cover image')).not.toBeNull());
    chooseFile(new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }));
    await waitFor(() => expect(textOf()).toContain('Choose a PNG, JPEG or WebP image.'));
    expect(callsTo(calls, 'POST', /report_cover_image/)).toHaveLength(0);
  });

  it('runs each maintenance action, asking before enabling approvals', async () => {
    const project = makeProject();
    const { calls } = await openProjectSettings(project, 'general', generalServer(project));
    await click('Recalculate rates');
    await waitFor(() => expect(textOf()).toContain('Rates recalculated: 3 materials priced again'));
    await click('Clear page cache');
    await waitFor(() => expect(textOf()).toContain('Page cache cleared'));
    await click('Enable approvals on all forms');
    await waitFor(() => expect(dialog().textContent).toContain('will need approving'));
    expect(callsTo(calls, 'POST', /enable_approvals_on_all_forms$/)).toHaveLength(0);
    await click('Enable approvals on all forms', () => dialog());
    await waitFor(() => expect(textOf()).toContain('Approvals enabled on all forms'));
    expect(
      callsTo(
        calls,
        'POST',
        /^\/projects\/\w+\/(recalculate_rates|clear_page_cache|enable_approvals_on_all_forms)$/,
      ).map(pathOf),
    ).toEqual(
      ['recalculate_rates', 'clear_page_cache', 'enable_approvals_on_all_forms'].map(
        (action) => `/projects/${project.id}/${action}`,
      ),
    );
    // The General form shows the flag the action turned on.
    await waitFor(() => expect(switchNamed('Approvals').checked).toBe(true));
  });

  it('shows operatives the cover image and the actions without ways to use them', async () => {
    const project = makeProject({ files: { report_cover_image: COVER_URL } });
    await openProjectSettings(project, 'general', generalServer(project), 'OPERATIVE');
    await waitFor(() => expect(coverImage()).not.toBeNull());
    expect(textOf()).toContain('Managers and admins run these.');
    expect(queryButton('Replace cover image')).toBeNull();
    expect(queryButton('Remove cover image')).toBeNull();
    expect(queryButton('Recalculate rates')).toBeNull();
  });

  it("leaves them, and the structure and guests tabs, out of a template's settings", async () => {
    const template: ProjectTemplate = {
      id: 'c'.repeat(24),
      name: 'Fire stopping',
      description: null,
      item_mode: 'BOTH',
      multi_site: false,
      approvals_enabled: false,
      approvals_show_on_report: false,
      enable_bulk_approval_actions: false,
      duplicate_photo_detection: false,
      duplicate_photo_detection_prevent_approvals: false,
      location_reference_enabled: false,
      location_reference_label: null,
      default_rate_sets: [],
      archived_at: null,
      project_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      permissions: permissionsFor('ADMIN', POLICIES.project_templates),
    };
    // A template's description grows with its text (Mantine's autosize listens to the page's
    // fonts, which happy-dom does not have).
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
    }
    const me = makeUser({ name: 'Ada Builder' });
    const settingsPath = `/organisations/acme/library/project_templates/${template.id}/general`;
    await openSignedIn(makeMemberContext(organisation, me), settingsPath, (call) => {
      const path = pathOf(call);
      if (path === `/project_templates/${template.id}`) return jsonResponse({ data: template });
      if (path.startsWith('/rate_sets?')) return listOf([]);
      return notFound();
    });
    await waitFor(() => expect(textOf()).toContain('Save settings'));
    expect(queryButton('Location statuses')).not.toBeNull();
    expect(queryButton('Site structure')).toBeNull();
    expect(queryButton('Guests')).toBeNull();
    expect(textOf()).not.toContain('Report cover image');
    expect(textOf()).not.toContain('Maintenance');
  });
});

function switchNamed(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (input) => input.closest('label')?.textContent?.trim().startsWith(label),
  );
  if (!found) throw new Error(`no switch "${label}"`);
  return found;
}
