import { Group, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SearchInput } from './SearchInput';

/** The search box ("Search {plural}") and the "Show archived" switch above a list. */
export function ArchivableListFilters({
  plural,
  list,
}: {
  plural: string;
  list: {
    search: string;
    setSearch: (search: string) => void;
    showArchived: boolean;
    setShowArchived: (showArchived: boolean) => void;
  };
}) {
  // The switch moves at the click: the address it is kept in changes in the router's transition,
  // a moment later, and a switch bound to it alone sprang back until then.
  const [showArchived, setShowArchived] = useState(list.showArchived);
  useEffect(() => setShowArchived(list.showArchived), [list.showArchived]);
  return (
    <Group gap="md" wrap="wrap">
      <SearchInput label={`Search ${plural}`} value={list.search} onChange={list.setSearch} />
      <Switch
        label="Show archived"
        checked={showArchived}
        onChange={(event) => {
          setShowArchived(event.currentTarget.checked);
          list.setShowArchived(event.currentTarget.checked);
        }}
      />
    </Group>
  );
}
