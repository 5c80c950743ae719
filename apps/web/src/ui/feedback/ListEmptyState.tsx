import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ListEmptyStateProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** e.g. a "New …" button; left out for people who may not create. */
  action?: ReactNode;
}

/** An empty list in a bordered panel: what would be here, and how to add the first one. */
export function ListEmptyState({ icon, title, description, action }: ListEmptyStateProps) {
  return (
    <Paper withBorder radius="md" py={40} px="md">
      <EmptyState icon={icon} variant="light" title={title} description={description}>
        {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}

/** A search or filter that matches nothing, with a way back to the whole list. */
export function NoMatchesState({
  what,
  onClearFilters,
}: {
  /** Plural noun: "members", "teams". */
  what: string;
  onClearFilters: () => void;
}) {
  return (
    <Paper withBorder radius="md" py={40} px="md">
      <EmptyState
        icon={<IconFilterOff size={32} />}
        variant="light"
        color="gray"
        title={`No ${what} match your filters`}
        description={`Try another search, or clear the filters to see all ${what}.`}
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
