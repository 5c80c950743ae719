import type { LocationStatus, Project, Role } from '@fieldwork/contract';
import { jsonResponse } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import { listOf, notFound, POLICIES, permissionsFor } from '../../../../test/answers';
import { makeMemberContext } from '../../../../test/fixtures';
import { openSignedIn } from '../../../../test/render-app';
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

export { callsTo, listOf, noContent, notFound, organisation, pathOf, waitFor };

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
  const path = `/organisations/acme/projects/${project.id}/settings/${tab}`;
  return openSignedIn(makeMemberContext(organisation, me, { role }), path, (call) =>
    call.method === 'GET' && pathOf(call) === `/projects/${project.id}`
      ? jsonResponse({ data: { permissions: permissionsFor(role, POLICIES.projects), ...project } })
      : answer(call),
  );
}
