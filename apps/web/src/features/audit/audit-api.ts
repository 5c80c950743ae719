import type { AuditEntryRecord, Deletion } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery, ListResponse } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import { useResourceList } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

export const auditEntriesApi = resourceApi<AuditEntryRecord, Record<string, never>>(
  'audit_entries',
);
export const deletionsApi = resourceApi<Deletion, Record<string, never>>('deletions');

/** The organisation's audit log (admins), a page at a time. */
export const useAuditLog = (query: ListQuery) => useResourceList(auditEntriesApi, query);

/** The bin: deleted records that can be restored. */
export const useDeletions = (query: ListQuery) => useResourceList(deletionsApi, query);

/** One record's history (GET /{entity}/{id}/history), the newest `size` entries. */
export function useRecordHistory(entity: string, id: string, size: number) {
  const { organisationId } = useSession();
  const api = resourceApi<AuditEntryRecord, Record<string, never>>(entity);
  return useQuery({
    // under the audit entries' key, so an undo anywhere refreshes every history
    queryKey: ['organisations', organisationId, 'audit_entries', 'history', entity, id, size],
    queryFn: () =>
      api.overview<ListResponse<AuditEntryRecord>>(`${encodeURIComponent(id)}/history`, {
        page: { size },
      }),
  });
}

/**
 * A mutation whose success may have changed any record (an undo, a restore): every query of the
 * organisation is loaded again.
 */
function useOrganisationWideMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organisations', organisationId] }),
  });
}

export const useUndoEntry = () =>
  useOrganisationWideMutation((id: string) => auditEntriesApi.act(id, 'undo'));

export const useRestoreDeletions = () =>
  useOrganisationWideMutation((ids: string[]) => deletionsApi.bulk('restore', ids));

export const usePurgeDeletions = () =>
  useOrganisationWideMutation((ids: string[]) => deletionsApi.bulk('delete', ids));
