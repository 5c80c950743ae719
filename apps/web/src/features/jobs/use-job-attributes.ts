import { useQuery } from '@tanstack/react-query';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { configListApi } from '../projects';

/** The job attributes of a project, with their options (nothing without a project). */
export function useJobAttributes(projectId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [
      ...resourceQueryKey(organisationId, 'projects'),
      projectId,
      'config',
      'job_attributes',
    ],
    queryFn: () => configListApi({ kind: 'project', id: projectId ?? '' }, 'job_attributes').list(),
    enabled: projectId !== null,
  });
}
