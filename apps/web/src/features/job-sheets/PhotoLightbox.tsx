import { ActionIcon, Group, Image, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface LightboxPhoto {
  id: string;
  url: string;
  caption: string;
}

/** A photo large, with previous and next (arrow buttons; the originals load only here). */
export function PhotoLightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: LightboxPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  return (
    <Modal
      opened={photo !== undefined}
      onClose={onClose}
      size="xl"
      title={photo ? `${photo.caption} (${(index ?? 0) + 1} of ${count})` : ''}
      fullScreen={false}
    >
      {photo && (
        <>
          <Image src={photo.url} alt={photo.caption} fit="contain" mah="70vh" />
          {count > 1 && (
            <Group justify="space-between" mt="sm">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous photo"
                onClick={() => onIndex(((index ?? 0) - 1 + count) % count)}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Text size="sm" c="dimmed">
                {(index ?? 0) + 1} / {count}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next photo"
                onClick={() => onIndex(((index ?? 0) + 1) % count)}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
          )}
        </>
      )}
    </Modal>
  );
}
