import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { formatFileSize } from '../builds/build-status';
import type { QueuedFile } from './use-upload-queue';

/** One file on its way up: name and size, a progress bar, or why it did not go with its actions. */
export function UploadRow({
  item,
  onRetry,
  onRemove,
}: {
  item: QueuedFile;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { file, problem } = item;
  const percent = item.progress === null ? null : Math.round(item.progress * 100);
  return (
    <Paper withBorder radius="sm" p="xs" bg={problem ? 'var(--mantine-color-red-0)' : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate="end" title={file.name} style={{ minWidth: 0 }}>
          {file.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {item.status === 'uploading'
            ? percent === null
              ? 'Uploading…'
              : `${percent}%`
            : formatFileSize(file.size)}
        </Text>
      </Group>
      {item.status === 'uploading' && (
        <Progress
          mt={6}
          size="sm"
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          aria-label={`Uploading ${file.name}`}
        />
      )}
      {problem && (
        <>
          <Text size="sm" c="red.9" mt={4} role="alert">
            {problem.message}
          </Text>
          <Group gap="xs" mt={6}>
            {problem.retryable && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={onRetry}
              >
                Retry
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              onClick={onRemove}
              aria-label={`Remove ${file.name}`}
            >
              Remove
            </Button>
          </Group>
        </>
      )}
    </Paper>
  );
}
