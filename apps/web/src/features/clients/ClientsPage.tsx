import type { Client } from '@fieldwork/contract';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ArchivableListFilters } from '../../ui/data-table/ArchivableListFilters';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { PageHeader } from '../../ui/PageHeader';
import { ClientFormModal } from './ClientFormModal';
import { ClientsEmptyState } from './ClientsEmptyState';
import { ClientsTable } from './ClientsTable';
import { clientCount, useBulkClientAction, useClientList } from './clients-api';
import { useClientListState } from './use-client-list-state';
import { ExportCsvButton } from '../../ui/data-table/ExportCsvButton';

/** /organisations/{slug}/clients: the clients of the organisation. */
export function ClientsPage() {
  const list = useClientListState();
  const clients = useClientList(list.query);
  const bulk = useBulkClientAction();
  const edit = useEditTarget<Client>();
  // What the server says the caller may do with these records (the same for every row here).
  const rows = clients.data?.data ?? [];
  const canForce = rows.length > 0 && rows.every((row) => row.permissions?.force_delete === true);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Clients"
        description="The companies your organisation does work for."
        actions={
          <>
            <ExportCsvButton plural="clients" exportRequest={list.exportRequest} />
            <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
              New client
            </Button>
          </>
        }
      />
      <ArchivableListFilters plural="clients" list={list} />
      <RecordListView
        list={list}
        result={clients}
        plural="clients"
        bulk={{
          mutation: bulk,
          countLabel: clientCount,
          showArchived: list.showArchived,
          canForce,
        }}
        empty={
          <ClientsEmptyState
            isFiltered={list.isFiltered}
            onCreate={edit.openCreate}
            onClearFilters={list.clearFilters}
          />
        }
      >
        {(rows, selection) => (
          <ClientsTable
            clients={rows}
            sort={list.sort}
            onSort={list.sortBy}
            selection={selection}
            onEdit={edit.openEdit}
          />
        )}
      </RecordListView>
      <ClientFormModal target={edit.target} onClose={edit.close} />
    </Stack>
  );
}
