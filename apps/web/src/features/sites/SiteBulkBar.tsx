import type { BulkFailure } from '@fieldwork/contract';
import { Button, Group, List, Paper, Text } from '@mantine/core';
import { modals } from '../../ui/feedback/modals';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { siteCount, useDeleteSites, useRestoreSites } from './sites-api';
import type { BulkSiteOutcome } from './sites-api';

/** Each site that was not changed, by name, with the server's reason. */
export function failureLines(failed: BulkFailure[], nameOf: (id: string) => string | undefined) {
  return failed.map((failure) => {
    const name = nameOf(failure.id);
    return name ? `${name}: ${failure.reason}` : failure.reason;
  });
}

/**
 * Delete (or, among deleted sites, restore) the checked sites. Sites still in use stay, and the
 * dialog after says which and why.
 */
export function SiteBulkBar({
  ids,
  showDeleted,
  nameOf,
  onDone,
}: {
  ids: string[];
  showDeleted: boolean;
  nameOf: (id: string) => string | undefined;
  onDone: () => void;
}) {
  const remove = useDeleteSites();
  const restore = useRestoreSites();
  const pending = remove.isPending || restore.isPending;

  const report = (verb: string) => (outcome: BulkSiteOutcome) => {
    onDone();
    if (outcome.done.length) notifySuccess(`${verb} ${siteCount(outcome.done.length)}`);
    if (!outcome.failed.length) return;
    modals.open({
      title: `${siteCount(outcome.failed.length)} could not be ${verb.toLowerCase()}`,
      children: (
        <List size="sm" spacing={6} data-testid="bulk-failures">
          {failureLines(outcome.failed, nameOf).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ),
    });
  };

  const confirmDelete = () =>
    confirmDestructive({
      title: `Delete ${siteCount(ids.length)}`,
      message: `Delete ${siteCount(ids.length)}? Deleted sites can be restored from "Show deleted".`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(ids, {
          onSuccess: report('Deleted'),
          onError: (error) => notifyFailure('Deleted nothing', error),
        }),
    });

  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {ids.length} selected
        </Text>
        <Group gap="xs">
          {showDeleted ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRestore size={14} />}
              loading={pending}
              onClick={() =>
                restore.mutate(ids, {
                  onSuccess: report('Restored'),
                  onError: (error) => notifyFailure('Restored nothing', error),
                })
              }
            >
              Restore
            </Button>
          ) : (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              loading={pending}
              onClick={confirmDelete}
            >
              Delete
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={onDone}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
