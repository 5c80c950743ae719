import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import { UploadRow } from './UploadRow';
import { describeRules, type FileRules } from './upload-problem';
import { useUploadQueue, type FileSender } from './use-upload-queue';

/**
 * The one way to send files: drag them onto the box or "Choose file"; what is accepted is said
 * under it and checked before sending (the server's answer still decides). Each file shows its
 * progress; a refused one says why with "Remove", a cut-off one offers "Retry".
 */
export function FileDrop({
  label,
  rules,
  send,
  onUploaded,
  multiple = false,
  disabled = false,
  chooseText = multiple ? 'Choose files' : 'Choose file',
  chooseLabel,
  actions,
}: {
  /** What is uploaded, e.g. "Cover image": names the drop box and the progress bars. */
  label: string;
  rules: FileRules;
  send: FileSender;
  onUploaded?: (file: File) => void;
  multiple?: boolean;
  disabled?: boolean;
  chooseText?: string;
  /** The choose button's accessible name, when its text alone is not enough. */
  chooseLabel?: string;
  /** More buttons beside "Choose file" (e.g. Remove the current image). */
  actions?: ReactNode;
}) {
  const queue = useUploadQueue({ rules, send, multiple, onUploaded });
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length) queue.add(files);
  };

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        radius="md"
        p="sm"
        role="group"
        aria-label={`${label}: drop a file here or choose one`}
        aria-busy={queue.busy}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderColor: dragging ? 'var(--mantine-color-blue-5)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <IconUpload size={20} color="var(--mantine-color-gray-6)" aria-hidden />
            <div>
              <Text size="sm">{dragging ? 'Drop to upload' : 'Drag a file here'}</Text>
              <Text size="xs" c="dimmed">
                {describeRules(rules)}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            <FileButton
              onChange={(picked: File | File[] | null) =>
                queue.add(picked === null ? [] : Array.isArray(picked) ? picked : [picked])
              }
              accept={rules.accept.join(',')}
              multiple={multiple}
              disabled={disabled}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  loading={queue.busy && !multiple}
                  disabled={disabled}
                  aria-label={chooseLabel}
                >
                  {chooseText}
                </Button>
              )}
            </FileButton>
            {actions}
          </Group>
        </Group>
      </Paper>
      {queue.items.length > 0 && (
        <Stack gap={6} aria-live="polite">
          {queue.items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onRetry={() => queue.retry(item.key)}
              onRemove={() => queue.remove(item.key)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
