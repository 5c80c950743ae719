import { CloseButton, Group, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ClientListState } from './use-client-list-state';

export function ClientFilters({ list }: { list: ClientListState }) {
  return (
    <Group gap="md" wrap="wrap">
      <TextInput
        aria-label="Search clients"
        placeholder="Search clients"
        leftSection={<IconSearch size={16} />}
        rightSection={
          list.search && (
            <CloseButton aria-label="Clear search" onClick={() => list.setSearch('')} />
          )
        }
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        flex="1 1 220px"
        maw={420}
      />
      <Switch
        label="Show archived"
        checked={list.showArchived}
        onChange={(event) => list.setShowArchived(event.currentTarget.checked)}
      />
    </Group>
  );
}
