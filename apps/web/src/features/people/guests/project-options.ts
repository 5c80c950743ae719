import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { request } from '../../../api/request';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';

export interface ProjectOption {
  id: string;
  name: string;
}

export interface ProjectOptions {
  projects: ProjectOption[];
  /** False when this server offers no project list yet: pickers say so instead of failing. */
  available: boolean;
}

const isMissingRoute = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 405);

/**
 * Projects to pick from: GET /select_options/projects (field-work §7); a server without it is
 * asked for GET /projects?page=all; a server with neither gives an empty, unavailable list.
 */
export async function loadProjectOptions(): Promise<ProjectOptions> {
  const sources = [
    { url: '/select_options/projects', query: 'filter[archived]=false' },
    { url: '/projects', query: 'page=all&sort=name' },
  ];
  for (const source of sources) {
    try {
      const answer = await request<{ data?: ProjectOption[] }>({ method: 'get', ...source });
      const projects = (answer.data ?? []).map(({ id, name }) => ({ id, name }));
      return { projects, available: true };
    } catch (error) {
      if (!isMissingRoute(error)) throw error;
    }
  }
  return { projects: [], available: false };
}

export function useProjectOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), 'options'],
    queryFn: loadProjectOptions,
    enabled,
    staleTime: 60_000,
  });
}
