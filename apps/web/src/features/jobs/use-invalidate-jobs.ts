import { useQueryClient } from '@tanstack/react-query';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/** Reloads every jobs query (list, board, detail, timeline), e.g. after an import. */
export function useInvalidateJobs() {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return () =>
    queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, 'jobs') });
}
