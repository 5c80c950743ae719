import type { Client } from '@fieldwork/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { RecordTable } from '../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../ui/data-table/RecordTable';
import type { SortState } from '../../ui/data-table/sorting';
import type { RowSelection } from '../../ui/data-table/use-row-selection';
import { formatDate } from '../../ui/format';
import { ClientRowActions } from './ClientRowActions';
import { clientFacts } from './client-facts';
import { clientPath } from './client-paths';
import { duplicateNames } from '../../ui/duplicate-names';
import type { ClientSortColumn } from './use-client-list-state';
import { useCurrentOrganisation } from '../../session/use-current-organisation';

export interface ClientsTableProps {
  clients: Client[] | undefined;
  sort: SortState<ClientSortColumn>;
  onSort: (column: ClientSortColumn) => void;
  selection: RowSelection;
  onEdit: (client: Client) => void;
}

/** The name links to the client's page; two clients of one name show what tells them apart. */
function ClientNameCell({ client, slug, twin }: { client: Client; slug: string; twin: boolean }) {
  return (
    <Stack gap={0}>
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={clientPath(slug, client.id)} size="sm" fw={500}>
          {client.name}
        </Anchor>
        {client.archived_at !== null && (
          <Badge size="xs" variant="light" color="gray">
            Archived
          </Badge>
        )}
      </Group>
      {twin && (
        <Text size="xs" c="dimmed">
          {clientFacts(client)}
        </Text>
      )}
    </Stack>
  );
}

export function ClientsTable({ clients, sort, onSort, selection, onEdit }: ClientsTableProps) {
  const { slug } = useCurrentOrganisation();
  const columns = useMemo((): RecordColumn<Client, ClientSortColumn>[] => {
    const twins = duplicateNames(clients ?? []);
    return [
      {
        sort: 'name',
        header: 'Name',
        cell: (client) => (
          <ClientNameCell client={client} slug={slug} twin={twins.has(client.name)} />
        ),
      },
      { sort: 'project_count', header: 'Projects', cell: (client) => client.project_count },
      {
        sort: 'created_at',
        header: 'Created',
        visibleFrom: 'sm',
        cell: (client) => formatDate(client.created_at),
      },
    ];
  }, [clients, slug]);

  return (
    <RecordTable
      rows={clients}
      columns={columns}
      sort={sort}
      onSort={onSort}
      minWidth={340}
      selection={{ rows: selection, plural: 'clients' }}
      actions={(client) => <ClientRowActions client={client} onEdit={() => onEdit(client)} />}
    />
  );
}
