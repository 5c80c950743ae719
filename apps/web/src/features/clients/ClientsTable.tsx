import type { Client } from '@fieldwork/contract';
import { Badge, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { SkeletonRows } from '../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../ui/data-table/SortableTh';
import type { SortState } from '../../ui/data-table/sorting';
import type { RowSelection } from '../../ui/data-table/use-row-selection';
import { formatDate } from '../../ui/format';
import { ClientRowActions } from './ClientRowActions';
import type { ClientSortColumn } from './use-client-list-state';

export interface ClientsTableProps {
  clients: Client[] | undefined;
  sort: SortState<ClientSortColumn>;
  onSort: (column: ClientSortColumn) => void;
  selection: RowSelection;
  onEdit: (client: Client) => void;
}

const COLUMN_COUNT = 5;

export function ClientsTable({ clients, sort, onSort, selection, onEdit }: ClientsTableProps) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all clients on this page"
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                onChange={selection.toggleAll}
                disabled={!clients?.length}
              />
            </Table.Th>
            <SortableTh column="name" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh column="project_count" sort={sort} onSort={onSort}>
              Projects
            </SortableTh>
            <SortableTh column="created_at" sort={sort} onSort={onSort} visibleFrom="sm">
              Created
            </SortableTh>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients === undefined ? (
            <SkeletonRows columns={COLUMN_COUNT} />
          ) : (
            clients.map((client) => (
              <Table.Tr
                key={client.id}
                bg={selection.isSelected(client.id) ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${client.name}`}
                    checked={selection.isSelected(client.id)}
                    onChange={() => selection.toggle(client.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {client.name}
                    </Text>
                    {client.archived_at && (
                      <Badge size="xs" variant="light" color="gray">
                        Archived
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{client.project_count}</Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(client.created_at)}</Table.Td>
                <Table.Td>
                  <ClientRowActions client={client} onEdit={() => onEdit(client)} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
