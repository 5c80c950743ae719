import { Group, Switch } from '@mantine/core';
import { useImmediate } from './use-immediate';
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
  const [showArchived, setShowArchived] = useImmediate(list.showArchived, list.setShowArchived);
  return (
    <Group gap="md" wrap="wrap">
      <SearchInput label={`Search ${plural}`} value={list.search} onChange={list.setSearch} />
      <Switch
        label="Show archived"
        checked={showArchived}
        onChange={(event) => setShowArchived(event.currentTarget.checked)}
      />
    </Group>
  );
}
