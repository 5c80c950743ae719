import { useMemo } from 'react';
import type { ExportRequest } from '../../api/exports';
import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';

export type ClientSortColumn = 'name' | 'project_count' | 'created_at';

/**
 * What the clients table shows (search, archived filter, sort and page), and its export. A link
 * may open the list searched (`?search=`, `&archived=true`), as the global search does for a
 * client it found.
 */
export function useClientListState() {
  // The search, the archived filter, the sort and the page live in the address
  // (ui/data-table/use-url-state): a link such as the global search's opens the list searched.
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
