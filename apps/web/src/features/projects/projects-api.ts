import type {
  LocationStatus,
  Project,
  ProjectCreate,
  ProjectUpdate,
  Site,
} from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useBulkAction,
  useResourceList,
  useResourceMutation,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

export const projectsApi = resourceApi<Project, ProjectCreate>('projects');

/** A project with what its overview shows beside its own fields. */
export type ProjectOverview = Project & {
  location_statuses: LocationStatus[];
  site: Site | null;
};

/** GET /projects/{id} with its location statuses and site expanded. */
export const loadProjectOverview = (id: string) =>
  projectsApi.get(id, { expand: ['location_statuses', 'site'] }) as Promise<ProjectOverview>;

export const duplicateProject = (id: string, body?: { name?: string }) =>
  projectsApi.act(id, 'duplicate', body ?? {});

/** PUT /projects/{id}/site: the project's site, or none. */
export const setProjectSite = (id: string, siteId: string | null) =>
  projectsApi.act(id, 'site', { site_id: siteId }, { method: 'put' });

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
  useResourceMutation(AFFECTED, (input: ProjectCreate) => projectsApi.create(input));
export const useUpdateProject = () =>
  useResourceMutation(AFFECTED, ({ id, input }: { id: string; input: ProjectUpdate }) =>
    projectsApi.update(id, input),
  );
export const useDuplicateProject = () =>
  useResourceMutation(AFFECTED, ({ id, name }: { id: string; name?: string }) =>
    duplicateProject(id, name ? { name } : undefined),
  );
export const useSetProjectArchived = () =>
  useResourceMutation(AFFECTED, ({ id, archived }: { id: string; archived: boolean }) =>
    projectsApi.setArchived(id, archived),
  );
export const useDeleteProject = () =>
  useResourceMutation(AFFECTED, ({ id, force }: { id: string; force: boolean }) =>
    projectsApi.remove(id, { force }),
  );
export const useSetProjectSite = () =>
  useResourceMutation(AFFECTED, ({ id, siteId }: { id: string; siteId: string | null }) =>
    setProjectSite(id, siteId),
  );

/** "1 project", "3 projects". */
export const projectCount = (count: number) => `${count} project${count === 1 ? '' : 's'}`;
