import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ExportRequest } from '../../api/exports';
import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';

export type ClientSortColumn = 'name' | 'project_count' | 'created_at';

/**
 * What the clients table shows (search, archived filter, sort and page), and its export. A link
 * may open the list searched (`?search=`, `&archived=true`), as the global search does for a
 * client it found.
 */
export function useClientListState() {
  const [params] = useSearchParams();
  const linked = {
    search: params.get('search') ?? '',
    archived: params.get('archived') === 'true',
  };
  const list = useArchivableListState<ClientSortColumn>('name', {
    initialSearch: linked.search,
    initialShowArchived: linked.archived,
  });
  // A new link while the page is open (another client found) searches again.
  const linkKey = `${linked.search}|${linked.archived}`;
  const [seenLinkKey, setSeenLinkKey] = useState(linkKey);
  if (linkKey !== seenLinkKey) {
    setSeenLinkKey(linkKey);
    list.setSearch(linked.search);
    list.setShowArchived(linked.archived);
  }
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
