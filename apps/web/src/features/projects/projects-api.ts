import type {
  LocationStatus,
  Project,
  ProjectCreate,
  ProjectUpdate,
  Site,
} from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey, useBulkAction, useResourceList } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { useOrganisationMutation } from '../settings/settings-query';

export const projectsApi = resourceApi<Project, ProjectCreate>('projects');

/** A project with what its overview shows beside its own fields. */
export type ProjectOverview = Project & {
  location_statuses: LocationStatus[];
  site: Site | null;
};

const one = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** GET /projects/{id} with its location statuses and site expanded. */
export async function loadProjectOverview(id: string): Promise<ProjectOverview> {
  const answer = await request<{ data: ProjectOverview }>({
    method: 'get',
    url: one(id),
    query: { expand: ['location_statuses', 'site'] },
  });
  return answer.data;
}

export async function duplicateProject(id: string, body?: { name?: string }): Promise<Project> {
  const answer = await request<{ data: Project }>({
    method: 'post',
    url: `${one(id)}/duplicate`,
    body: body ?? {},
  });
  return answer.data;
}

/** PUT /projects/{id}/site: the project's site, or none. */
export async function setProjectSite(id: string, siteId: string | null): Promise<Project> {
  const answer = await request<{ data: Project }>({
    method: 'put',
    url: `${one(id)}/site`,
    body: { site_id: siteId },
  });
  return answer.data;
}

/** Per-entity hooks: server state of projects only goes through these. */
export const useProjectList = (query: ListQuery) => useResourceList(projectsApi, query);
export const useBulkProjectAction = () => useBulkAction(projectsApi);

export function useProjectOverview(id: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), 'overview', id],
    queryFn: () => loadProjectOverview(id),
  });
}

/** Clients and sites show project counts and links: their lists reload after project changes. */
const AFFECTED = ['projects', 'clients', 'sites'] as const;

/** POST /projects: blank, or configured from a template or an existing project. */
export const useCreateProject = () =>
  useOrganisationMutation(AFFECTED, (input: ProjectCreate) => projectsApi.create(input));
export const useUpdateProject = () =>
  useOrganisationMutation(AFFECTED, ({ id, input }: { id: string; input: ProjectUpdate }) =>
    projectsApi.update(id, input),
  );
export const useDuplicateProject = () =>
  useOrganisationMutation(AFFECTED, ({ id, name }: { id: string; name?: string }) =>
    duplicateProject(id, name ? { name } : undefined),
  );
export const useSetProjectArchived = () =>
  useOrganisationMutation(AFFECTED, ({ id, archived }: { id: string; archived: boolean }) =>
    projectsApi.setArchived(id, archived),
  );
export const useDeleteProject = () =>
  useOrganisationMutation(AFFECTED, ({ id, force }: { id: string; force: boolean }) =>
    projectsApi.remove(id, { force }),
  );
export const useSetProjectSite = () =>
  useOrganisationMutation(AFFECTED, ({ id, siteId }: { id: string; siteId: string | null }) =>
    setProjectSite(id, siteId),
  );

/** "1 project", "3 projects". */
export const projectCount = (count: number) => `${count} project${count === 1 ? '' : 's'}`;
