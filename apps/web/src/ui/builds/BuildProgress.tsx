import type { Build } from '@fieldwork/contract';
import { Alert, Button, CopyButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconRefresh } from '@tabler/icons-react';
import {
  BUILD_STATUS_LABELS,
  buildFraction,
  describeBuildProgress,
  formatFileSize,
} from './build-status';

/**
 * A build as people see it: its state and a progress bar ("1,234 of 5,000 rows") while it is
 * waited for, then "Download <file> (size)" and "Copy link"; the reason and "Try again" when it
 * failed or expired. The state is read out as it changes (aria-live).
 */
export function BuildProgress({
  build,
  url,
  unit = 'rows',
  onRetry,
  retrying = false,
}: {
  build: Build;
  /** The build's signed link (answers 202 while building, then the file): what "Copy link" copies. */
  url: string | null;
  /** What the progress counts, e.g. "rows". */
  unit?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const fraction = buildFraction(build);
  const progressText = describeBuildProgress(build, unit);
  const waiting = build.status === 'QUEUED' || build.status === 'RUNNING';
  const link = build.file?.url ?? url;

  return (
    <Stack gap="xs">
      <div role="status" aria-live="polite">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {BUILD_STATUS_LABELS[build.status]}
          </Text>
          {waiting && progressText && (
            <Text size="xs" c="dimmed">
              {progressText}
            </Text>
          )}
        </Group>
      </div>
      {waiting && (
        <Progress
          value={fraction === null ? 100 : Math.round(fraction * 100)}
          striped={fraction === null}
          animated={fraction === null}
          aria-label={`${build.name}: ${progressText || BUILD_STATUS_LABELS[build.status]}`}
        />
      )}
      {build.status === 'READY' && build.file && (
        <Button
          component="a"
          href={build.file.url}
          download={build.file.name}
          leftSection={<IconDownload size={16} />}
          // a long file name wraps on a phone: the button grows instead of clipping it
          styles={{
            root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
            label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' },
          }}
        >
          Download {build.file.name} ({formatFileSize(build.file.size)})
        </Button>
      )}
      {build.status === 'FAILED' && (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">
            {build.exception ?? 'Something went wrong while building the file.'}
          </Text>
        </Alert>
      )}
      {build.status === 'EXPIRED' && (
        <Text size="sm" c="dimmed">
          The file was removed after a while. Build it again to download it.
        </Text>
      )}
      <Group gap="xs">
        {(build.status === 'FAILED' || build.status === 'EXPIRED') && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={retrying}
            onClick={onRetry}
          >
            Try again
          </Button>
        )}
        {link && build.status !== 'FAILED' && build.status !== 'EXPIRED' && (
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="subtle"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        )}
      </Group>
    </Stack>
  );
}
