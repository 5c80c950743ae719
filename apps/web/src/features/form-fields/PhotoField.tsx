import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Paper,
  RingProgress,
  SimpleGrid,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconCamera,
  IconPhotoOff,
  IconPhotoPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { PhotoItem } from './photo-queue';
import { FieldLabel } from './FieldLabel';

export interface PhotoFieldProps {
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  items: PhotoItem[];
  onAdd: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove?: ((item: PhotoItem) => void) | undefined;
  /** Opens a photo large (the thumbnails are small images only). */
  onOpen?: ((item: PhotoItem) => void) | undefined;
  disabled?: boolean | undefined;
  testId?: string;
}

/**
 * Photos of one question: "Take photo" opens the phone's camera (capture=environment), "Choose"
 * picks from the device's files; each shows as a thumbnail with its upload progress. An upload
 * cut off (connection, 5xx) has a retry button; a refused photo says why and can be removed.
 */
export function PhotoField({
  label,
  required,
  error,
  items,
  onAdd,
  onRetry,
  onRemove,
  onOpen,
  disabled,
  testId,
}: PhotoFieldProps) {
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length) onAdd(files);
  };

  return (
    <Box data-testid={testId}>
      <FieldLabel label={label} required={required} />
      {items.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={6} mt={4}>
          {items.map((item) => (
            <PhotoThumb
              key={item.key}
              item={item}
              onRetry={() => onRetry(item.key)}
              onRemove={onRemove && !disabled ? () => onRemove(item) : undefined}
              onOpen={onOpen ? () => onOpen(item) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      {!disabled && (
        <Group gap="xs" mt={6}>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconCamera size={18} />}
            onClick={() => camera.current?.click()}
          >
            Take photo
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconPhotoPlus size={18} />}
            onClick={() => picker.current?.click()}
          >
            Choose
          </Button>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label={`${label}: take a photo`}
            onChange={(event) => take(event.currentTarget)}
          />
          <input
            ref={picker}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label={`${label}: choose photos`}
            data-testid={testId ? `${testId}-file` : undefined}
            onChange={(event) => take(event.currentTarget)}
          />
        </Group>
      )}
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

function PhotoThumb({
  item,
  onRetry,
  onRemove,
  onOpen,
}: {
  item: PhotoItem;
  onRetry: () => void;
  onRemove?: (() => void) | undefined;
  onOpen?: (() => void) | undefined;
}) {
  const failed = item.status === 'failed' || item.serverStatus === 'FAILED';
  // A file the browser cannot show (a HEIC photo) or the server refused shows no broken image.
  const [unreadable, setUnreadable] = useState(false);
  const refused = item.status === 'failed' && item.retryable === false;
  return (
    <Paper
      withBorder
      radius="sm"
      pos="relative"
      style={{ aspectRatio: '1', overflow: 'hidden' }}
      data-photo-status={item.status}
    >
      {item.thumbnailUrl && !unreadable && !refused ? (
        <Image
          src={item.thumbnailUrl}
          alt="Photo"
          h="100%"
          w="100%"
          fit="cover"
          loading="lazy"
          style={{
            cursor: onOpen ? 'zoom-in' : undefined,
            opacity: item.status === 'uploaded' ? 1 : 0.6,
          }}
          onClick={onOpen}
          onError={() => setUnreadable(true)}
        />
      ) : (
        <Box h="100%" bg="gray.1" style={{ display: 'grid', placeItems: 'center' }}>
          {unreadable && !failed && (
            <IconPhotoOff size={20} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
        </Box>
      )}
      {item.status === 'uploading' && (
        <Box
          pos="absolute"
          inset={0}
          style={{ display: 'grid', placeItems: 'center' }}
          role="status"
          aria-label={`Uploading photo: ${Math.round(item.progress * 100)}%`}
        >
          <RingProgress
            size={48}
            thickness={5}
            roundCaps
            sections={[{ value: Math.round(item.progress * 100), color: 'blue' }]}
            label={
              <Text size="xs" ta="center" fw={600}>
                {Math.round(item.progress * 100)}%
              </Text>
            }
          />
        </Box>
      )}
      {failed && (
        <Box
          pos="absolute"
          inset={0}
          bg="rgba(255,255,255,0.85)"
          p={4}
          style={{ display: 'grid', placeItems: 'center', textAlign: 'center' }}
        >
          <Text size="xs" c="red.9" lineClamp={4} title={item.error} role="alert">
            {item.error ?? 'The photo could not be processed.'}
          </Text>
          {item.status === 'failed' && item.retryable !== false && (
            <Button size="compact-xs" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
              Retry
            </Button>
          )}
        </Box>
      )}
      {onRemove && item.status !== 'uploading' && (
        <Tooltip label="Remove photo">
          <ActionIcon
            pos="absolute"
            top={4}
            right={4}
            size="sm"
            variant="filled"
            color="dark"
            aria-label="Remove photo"
            onClick={onRemove}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Paper>
  );
}
