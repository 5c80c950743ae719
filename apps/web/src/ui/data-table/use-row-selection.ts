import { useCallback, useMemo, useState } from 'react';

/**
 * Checked rows of a table page. `pageIds` are the rows shown; a new `listKey` (another page,
 * filter or sort) starts with nothing checked.
 */
export function useRowSelection(pageIds: readonly string[], listKey: string) {
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: new Set(),
  });
  const selected = useMemo(
    () => (selection.listKey === listKey ? selection.ids : new Set<string>()),
    [selection, listKey],
  );
  const select = useCallback(
    (ids: Iterable<string>) => setSelection({ listKey, ids: new Set(ids) }),
    [listKey],
  );

  const ids = useMemo(() => pageIds.filter((id) => selected.has(id)), [pageIds, selected]);
  const allSelected = pageIds.length > 0 && ids.length === pageIds.length;

  return {
    ids,
    allSelected,
    someSelected: ids.length > 0 && !allSelected,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string) =>
      select(selected.has(id) ? ids.filter((other) => other !== id) : [...ids, id]),
    toggleAll: () => select(allSelected ? [] : pageIds),
    clear: () => select([]),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
