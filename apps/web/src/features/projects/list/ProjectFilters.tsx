import { Group, SegmentedControl } from '@mantine/core';
import { SearchInput } from '../../../ui/data-table/SearchInput';
import { SelectOnUse } from '../../../ui/inputs/SelectOnUse';
import { useMemberOptions } from '../../people';
import { pickerData, useSelectOptions } from '../project-options-api';
import { NO_CLIENT, type ProjectStatusFilter } from './project-list-params';
import type { ProjectListState } from './use-project-list-state';

const STATUS_OPTIONS: { value: ProjectStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

/** Search, client, owner and status above the projects list. */
export function ProjectFilters({ list }: { list: ProjectListState }) {
  const clients = useSelectOptions('clients');
  const owners = useMemberOptions();
  const clientData = [
    { value: NO_CLIENT, label: 'No client' },
    ...pickerData(clients.data, { archived: true }),
  ];

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SearchInput label="Search projects" value={list.search} onChange={list.setSearch} />
      <SelectOnUse
        aria-label="Client"
        placeholder={clients.isError ? 'Clients could not load' : 'Any client'}
        data={clientData}
        value={list.params.client}
        onChange={list.setClient}
        searchable
        clearable
        nothingFoundMessage="No client matches"
        w={{ base: 'calc(50% - 6px)', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
      <SelectOnUse
        aria-label="Owner"
        placeholder={owners.error ? 'Members could not load' : 'Any owner'}
        data={owners.options}
        value={list.params.owner}
        onChange={list.setOwner}
        searchable
        clearable
        nothingFoundMessage="No member matches"
        w={{ base: 'calc(50% - 6px)', xs: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        aria-label="Status"
        data={STATUS_OPTIONS}
        value={list.params.status}
        onChange={(value) => list.setStatus(value)}
      />
    </Group>
  );
}
