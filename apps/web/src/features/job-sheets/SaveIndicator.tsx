import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconPencil } from '@tabler/icons-react';
import type { SaveStatus } from './use-sheet-autosave';

const LABELS: Record<SaveStatus, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  error: 'Not saved',
};

/** Whether the answers are on the server yet (polite live region: read out when it changes). */
export function SaveIndicator({ status, error }: { status: SaveStatus; error: string | null }) {
  const icon =
    status === 'saving' ? (
      <Loader size={14} />
    ) : status === 'saved' ? (
      <IconCloudCheck size={16} color="var(--mantine-color-green-7)" />
    ) : status === 'error' ? (
      <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" />
    ) : (
      <IconPencil size={16} />
    );
  return (
    <Group gap={4} wrap="nowrap" aria-live="polite" data-testid="save-status" data-status={status}>
      {icon}
      <Text size="xs" c={status === 'error' ? 'red.7' : 'dimmed'} title={error ?? undefined}>
        {LABELS[status]}
      </Text>
    </Group>
  );
}
