import type { BulkFailure } from '@fieldwork/contract';
import { Button, Group, List, Paper, Text } from '@mantine/core';
import { modals } from '../feedback/modals';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BulkAction, BulkOutcome } from '../../api/resource';
import type { BulkVariables } from '../../api/resource-hooks';
import { confirmDestructive, offerForcedDeletion } from '../feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../feedback/notify';

const DONE: Record<BulkAction, string> = {
  archive: 'Archived',
  unarchive: 'Unarchived',
  delete: 'Deleted',
  restore: 'Restored',
};

function FailureList({ failed }: { failed: BulkFailure[] }) {
  return (
    <List size="sm" spacing={4}>
      {failed.map((failure) => (
        <List.Item key={failure.id}>{failure.reason}</List.Item>
      ))}
    </List>
  );
}

export interface BulkActionBarProps {
  ids: string[];
  /** The archived view offers unarchive, the active one archive. */
  showArchived: boolean;
  /** How many records, in words: count => "3 clients". */
  countLabel: (count: number) => string;
  /** The entity's bulk mutation (useBulkAction of api/resource-hooks). */
  bulk: UseMutationResult<BulkOutcome, Error, BulkVariables>;
  onDone: () => void;
  /** Whether refused deletions may be forced ("Delete anyway"); true unless said otherwise. */
  canForce?: boolean;
}

/**
 * Archive, unarchive or delete the checked rows through the _many endpoints. Per-id failures are
 * listed with their reasons; deletions that were refused can be forced.
 */
export function BulkActionBar({
  ids,
  showArchived,
  countLabel,
  bulk,
  onDone,
  canForce = true,
}: BulkActionBarProps) {
  const run = (action: BulkAction, targetIds: string[], force = false) =>
    bulk.mutate(
      { action, ids: targetIds, force },
      {
        onSuccess: (outcome) => report(action, outcome, force),
        onError: (error) => notifyFailure(`${DONE[action]} nothing`, error),
      },
    );

  const report = (action: BulkAction, { succeeded, failed }: BulkOutcome, forced: boolean) => {
    onDone();
    if (succeeded.length > 0) notifySuccess(`${DONE[action]} ${countLabel(succeeded.length)}`);
    if (failed.length === 0) return;
    if (action === 'delete' && !forced && canForce) {
      const failedIds = failed.map((failure) => failure.id);
      offerForcedDeletion({
        title: `${countLabel(failed.length)} could not be deleted`,
        reason: <FailureList failed={failed} />,
        onForce: () => run('delete', failedIds, true),
      });
    } else {
      modals.open({
        title: `${countLabel(failed.length)} could not be changed`,
        children: <FailureList failed={failed} />,
      });
    }
  };

  const archiveAction: BulkAction = showArchived ? 'unarchive' : 'archive';
  const confirmDelete = () =>
    confirmDestructive({
      title: `Delete ${countLabel(ids.length)}`,
      message: `Delete ${countLabel(ids.length)}? This cannot be undone.`,
      confirmLabel: 'Delete',
      onConfirm: () => run('delete', ids),
    });

  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {ids.length} selected
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={showArchived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
            loading={bulk.isPending}
            onClick={() => run(archiveAction, ids)}
          >
            {showArchived ? 'Unarchive' : 'Archive'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            loading={bulk.isPending}
            onClick={confirmDelete}
          >
            Delete
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
