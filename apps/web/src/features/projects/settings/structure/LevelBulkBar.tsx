import type { BulkFailure } from '@fieldwork/contract';
import { Button, Group, List, Paper, Text } from '@mantine/core';
import { modals } from '../../../../ui/feedback/modals';
import { IconTrash } from '@tabler/icons-react';
import { confirmDestructive } from '../../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { failureLines } from '../../../sites/SiteBulkBar';
import { levelCount, structureApi, useStructureMutation } from './structure-api';

/** Says which levels were not deleted and why (still in use, already gone). */
export function reportLevelFailures(
  failed: BulkFailure[],
  nameOf: (id: string) => string | undefined,
) {
  if (!failed.length) return;
  modals.open({
    title: `${levelCount(failed.length)} could not be deleted`,
    children: (
      <List size="sm" spacing={6} data-testid="bulk-failures">
        {failureLines(failed, nameOf).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    ),
  });
}

/** Deletes the checked levels; those the server keeps are listed with its reason. */
export function LevelBulkBar({
  projectId,
  ids,
  nameOf,
  onDone,
}: {
  projectId: string;
  ids: string[];
  nameOf: (id: string) => string | undefined;
  onDone: () => void;
}) {
  const remove = useStructureMutation(projectId, (levelIds: string[]) =>
    structureApi.deleteLevels(levelIds),
  );

  const confirm = () =>
    confirmDestructive({
      title: `Delete ${levelCount(ids.length)}`,
      message: `Delete ${levelCount(ids.length)}? Deleted levels can be restored from "Show deleted".`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(ids, {
          onSuccess: ({ deleted, failed }) => {
            onDone();
            if (deleted.length) notifySuccess(`Deleted ${levelCount(deleted.length)}`);
            reportLevelFailures(failed, nameOf);
          },
          onError: (error) => notifyFailure('Deleted nothing', error),
        }),
    });

  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {levelCount(ids.length)} selected
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={confirm}
          >
            Delete levels
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
