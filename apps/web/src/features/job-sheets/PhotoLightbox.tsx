import { ActionIcon, Group, Image, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';

export interface LightboxPhoto {
  id: string;
  url: string;
  caption: string;
}

/**
 * A photo large, with previous and next (arrow buttons, and the ← → keys while it is open; the
 * originals load only here).
 */
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
  const open = photo !== undefined;
  const step = (by: number) => onIndex(((index ?? 0) + by + count) % count);

  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

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
                onClick={() => step(-1)}
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
                onClick={() => step(1)}
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
