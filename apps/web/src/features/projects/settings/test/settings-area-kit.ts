import type { LocationStatus, Project, Role } from '@fieldwork/contract';
import { errorResponse, jsonResponse } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import { POLICIES, permissionsFor } from '../../../../test/answers';
import { makeContext, makeMembership } from '../../../../test/fixtures';
import { renderApp, signedIn } from '../../../../test/render-app';
import {
  callsTo,
  me,
  noContent,
  organisation,
  pathOf,
  waitFor,
} from '../../../settings/test/settings-kit';
import { makeLocationStatus, makeProject as makeListedProject } from '../../test/projects-kit';

/** A project as a list fixture; its settings pages answer it with the caller's permissions. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  const { permissions: _asListed, ...project } = makeListedProject({ name: 'Harbour Tower' });
  return { ...project, ...overrides };
}

export const makeStatus = (projectId: string, overrides: Partial<LocationStatus>) =>
  makeLocationStatus({ project_id: projectId, include_in_todo: false, ...overrides });

export { callsTo, noContent, organisation, pathOf, waitFor };

export const listOf = (items: unknown[]) =>
  jsonResponse({
    data: items,
    meta: { total: items.length, current_page: 1, per_page: items.length, last_page: 1 },
  });

export const notFound = () => errorResponse(404, 'Not Found');

/**
 * Signs in with `role` and opens a page of the project's settings; the project is answered with
 * what the server's policy lets that role do with it (its own `permissions` win).
 */
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
        ? jsonResponse({
            data: { permissions: permissionsFor(role, POLICIES.projects), ...project },
          })
        : answer(call),
  );
  const router = await renderApp(`/organisations/acme/projects/${project.id}/settings/${tab}`);
  return { calls, router };
}
