import { useMemo } from 'react';
import type { ExportRequest } from '../../api/exports';
import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';

export type ClientSortColumn = 'name' | 'project_count' | 'created_at';

/** What the clients table shows (search, archived filter, sort and page), and its export. */
export function useClientListState() {
  const list = useArchivableListState<ClientSortColumn>('name');
  const { debouncedSearch, showArchived, sortParam } = list;
  const exportRequest: ExportRequest = useMemo(
    () => ({
      filter: { ...(debouncedSearch && { search: debouncedSearch }), archived: showArchived },
      sort: sortParam,
    }),
    [debouncedSearch, showArchived, sortParam],
  );
  return { ...list, exportRequest };
}
