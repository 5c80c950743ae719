import type { Client } from '@fieldwork/contract';
import { RecordName, RecordTable } from '../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../ui/data-table/RecordTable';
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

const COLUMNS: RecordColumn<Client, ClientSortColumn>[] = [
  {
    sort: 'name',
    header: 'Name',
    cell: (client) => <RecordName name={client.name} archived={client.archived_at !== null} />,
  },
  { sort: 'project_count', header: 'Projects', cell: (client) => client.project_count },
  {
    sort: 'created_at',
    header: 'Created',
    visibleFrom: 'sm',
    cell: (client) => formatDate(client.created_at),
  },
];

export function ClientsTable({ clients, sort, onSort, selection, onEdit }: ClientsTableProps) {
  return (
    <RecordTable
      rows={clients}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      minWidth={340}
      selection={{ rows: selection, plural: 'clients' }}
      actions={(client) => <ClientRowActions client={client} onEdit={() => onEdit(client)} />}
    />
  );
}
