import type { LocationStatus, Project, Role } from '@fieldwork/contract';
import { vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import {
  makeContext,
  makeId,
  makeMembership,
  makeOrganisation,
  makeUser,
} from '../../../../test/fixtures';
import { waitFor as waitForWithin } from '../../../../test/render';
import { renderApp, signedIn } from '../../../../test/render-app';

const TIMESTAMP = '2026-01-01T00:00:00.000Z';
export const organisation = makeOrganisation({ slug: 'acme', name: 'Acme Surveys' });
const me = makeUser({ name: 'Ada Builder' });
const apiBase = `http://api.test/organisations/${organisation.id}`;

vi.setConfig({ testTimeout: 30_000 });

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: makeId(),
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
    client_id: null,
    client_name: null,
    owner_id: null,
    owner_name: null,
    name: 'Harbour Tower',
    reference: null,
    package: null,
    developer: null,
    site_address: null,
    site_id: null,
    has_drawings: false,
    item_mode: 'BOTH',
    multi_site: false,
    enable_bulk_approval_actions: false,
    approvals_enabled: false,
    approvals_show_on_report: false,
    duplicate_photo_detection: false,
    duplicate_photo_detection_prevent_approvals: false,
    location_reference_enabled: false,
    location_reference_label: null,
    default_rate_sets: [],
    archived: false,
    deleted: false,
    archived_at: null,
    deleted_at: null,
    metrics: { member_count: 0, guest_count: 0, location_count: 0, block_count: 0 },
    files: { report_cover_image: null },
    location_count: 0,
    project_template_id: null,
    ...overrides,
  };
}

export function makeStatus(projectId: string, overrides: Partial<LocationStatus>): LocationStatus {
  return {
    id: makeId(),
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
    project_id: projectId,
    project_template_id: null,
    name: 'Not started',
    type: 'PENDING',
    order: 0,
    icon: 'pie-empty',
    color: 'grey',
    include_in_todo: false,
    location_count: 0,
    ...overrides,
  };
}

/** Path and query of a call below the organisation, decoded. */
export const pathOf = (call: RecordedCall) => decodeURIComponent(call.url.replace(apiBase, ''));

export const callsTo = (calls: RecordedCall[], method: string, path: string | RegExp) =>
  calls.filter(
    (call) =>
      call.method === method &&
      (typeof path === 'string' ? pathOf(call) === path : path.test(pathOf(call))),
  );

export const listOf = (items: unknown[]) =>
  jsonResponse({
    data: items,
    meta: { total: items.length, current_page: 1, per_page: items.length, last_page: 1 },
  });

export const noContent = () => new Response(null, { status: 204 });
export const notFound = () => errorResponse(404, 'Not Found');

/** Signs in with `role` and opens a page of the project's settings. */
export async function openProjectSettings(
  project: Project,
  tab: string,
  answer: (call: RecordedCall) => Response,
  role: Role = 'ADMIN',
) {
  const membership = makeMembership(organisation, me, { role, owner: role === 'ADMIN' });
  const calls = signedIn(
    makeContext([organisation], { user: me, memberships: [membership] }),
    (call) =>
      call.method === 'GET' && pathOf(call) === `/projects/${project.id}`
        ? jsonResponse({ data: project })
        : answer(call),
  );
  const router = await renderApp(`/organisations/acme/projects/${project.id}/settings/${tab}`);
  return { calls, router };
}

/** Room for a busy machine: the whole app renders (router, lazy unit, session). */
export const waitFor = <T>(check: () => T, timeoutMs = 6000) => waitForWithin(check, timeoutMs);
