import { Button, Loader, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BulkActionBar } from '../../ui/data-table/BulkActionBar';
import { useRowSelection } from '../../ui/data-table/use-row-selection';
import { TablePager } from '../../ui/data-table/TablePager';
import { ErrorState } from '../../ui/feedback/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { ClientFilters } from './ClientFilters';
import { ClientFormModal } from './ClientFormModal';
import type { ClientEditTarget } from './ClientFormModal';
import { ClientsEmptyState } from './ClientsEmptyState';
import { ClientsTable } from './ClientsTable';
import { ExportClientsButton } from './ExportClientsButton';
import { clientCount, useBulkClientAction, useClientList } from './clients-api';
import { useClientListState } from './use-client-list-state';

/** /organisations/{slug}/clients: the clients of the organisation. */
export function ClientsPage() {
  const list = useClientListState();
  const clients = useClientList(list.query);
  const page = clients.data;
  const rows = page?.data;
  const selection = useRowSelection(
    rows?.map((client) => client.id) ?? [],
    JSON.stringify(list.query),
  );
  const bulk = useBulkClientAction();
  const [editTarget, setEditTarget] = useState<ClientEditTarget>(null);
  const openCreate = () => setEditTarget({ mode: 'create' });

  // After deleting the last rows of the last page, show the page that now is the last.
  const lastPage = page?.meta.last_page;
  const currentPage = page?.meta.current_page;
  useEffect(() => {
    if (
      lastPage !== undefined &&
      currentPage !== undefined &&
      currentPage > Math.max(lastPage, 1)
    ) {
      list.setPage(Math.max(lastPage, 1));
    }
  }, [lastPage, currentPage, list]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Clients"
        description="The companies your organisation does work for."
        actions={
          <>
            <ExportClientsButton exportRequest={list.exportRequest} />
            <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
              New client
            </Button>
          </>
        }
      />
      <ClientFilters list={list} />
      {selection.ids.length > 0 && (
        <BulkActionBar
          ids={selection.ids}
          showArchived={list.showArchived}
          countLabel={clientCount}
          bulk={bulk}
          onDone={selection.clear}
        />
      )}

      {clients.isError && !page ? (
        <ErrorState
          title="Could not load clients"
          error={clients.error}
          onRetry={() => void clients.refetch()}
        />
      ) : page?.meta.total === 0 ? (
        <ClientsEmptyState
          isFiltered={list.isFiltered}
          onCreate={openCreate}
          onClearFilters={list.clearFilters}
        />
      ) : (
        <Stack gap="sm" pos="relative">
          {clients.isFetching && page && (
            <Loader size="xs" pos="absolute" top={-20} right={0} aria-label="Refreshing" />
          )}
          <ClientsTable
            clients={rows}
            sort={list.sort}
            onSort={list.sortBy}
            selection={selection}
            onEdit={(client) => setEditTarget({ mode: 'edit', client })}
          />
          {page && <TablePager meta={page.meta} onPage={list.setPage} />}
        </Stack>
      )}

      <ClientFormModal target={editTarget} onClose={() => setEditTarget(null)} />
    </Stack>
  );
}
