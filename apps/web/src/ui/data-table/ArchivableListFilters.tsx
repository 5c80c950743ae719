import { Group, Switch } from '@mantine/core';
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
  return (
    <Group gap="md" wrap="wrap">
      <SearchInput label={`Search ${plural}`} value={list.search} onChange={list.setSearch} />
      <Switch
        label="Show archived"
        checked={list.showArchived}
        onChange={(event) => list.setShowArchived(event.currentTarget.checked)}
      />
    </Group>
  );
}
