import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFilterOff, IconPlus, IconUsersGroup } from '@tabler/icons-react';

export interface ClientsEmptyStateProps {
  isFiltered: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
}

/** No clients at all invites the first one; a filter matching nothing offers to clear it. */
export function ClientsEmptyState({
  isFiltered,
  onCreate,
  onClearFilters,
}: ClientsEmptyStateProps) {
  return (
    <Paper withBorder radius="md" py={48} px="md">
      {isFiltered ? (
        <EmptyState
          icon={<IconFilterOff size={32} />}
          variant="light"
          color="gray"
          title="No clients match your filters"
          description="Try another search, or clear the filters to see every client."
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={onClearFilters}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          variant="light"
          title="No clients yet"
          description="Clients are the companies you do work for. Add the first one to start organising projects around it."
        >
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              New client
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
    </Paper>
  );
}
