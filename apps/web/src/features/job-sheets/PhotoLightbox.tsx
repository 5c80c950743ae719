import { ActionIcon, Box, Group, Image, Modal, Text } from '@mantine/core';
import type { PhotoLocation } from '@fieldwork/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PhotoDetails, PhotoTools } from './PhotoEvidence';

export interface LightboxPhoto {
  id: string;
  url: string;
  /** The title: the photo field's name. */
  caption: string;
  /** The operative's caption of the photo. */
  note?: string | null | undefined;
  takenAt?: string | null | undefined;
  location?: PhotoLocation | null | undefined;
  /** The file as uploaded, for Download. */
  downloadUrl?: string | undefined;
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
  onCaption,
}: {
  photos: LightboxPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Saves a photo's caption; without it the caption is read-only. */
  onCaption?: ((photoId: string, caption: string | null) => Promise<void>) | undefined;
}) {
  const [zoomed, setZoomed] = useState(false);
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const open = photo !== undefined;
  const step = (by: number) => {
    setZoomed(false);
    onIndex(((index ?? 0) + by + count) % count);
  };

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
      onClose={() => {
        setZoomed(false);
        onClose();
      }}
      size="xl"
      title={photo ? `${photo.caption} (${(index ?? 0) + 1} of ${count})` : ''}
      fullScreen={false}
    >
      {photo && (
        <>
          {zoomed ? (
            // Full size, scrolled by hand (or by keyboard: the region takes focus).
            <Box
              role="region"
              aria-label={`${photo.caption}, zoomed in`}
              tabIndex={0}
              style={{ overflow: 'auto', maxHeight: '70vh', cursor: 'zoom-out' }}
              onClick={() => setZoomed(false)}
            >
              <img src={photo.url} alt={photo.note ?? photo.caption} style={{ maxWidth: 'none' }} />
            </Box>
          ) : (
            <Image
              src={photo.url}
              alt={photo.note ?? photo.caption}
              fit="contain"
              mah="70vh"
              style={{ cursor: 'zoom-in' }}
              onClick={() => setZoomed(true)}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <PhotoTools zoomed={zoomed} onZoom={setZoomed} downloadUrl={photo.downloadUrl} />
          </Group>
          <PhotoDetails
            key={photo.id}
            note={photo.note ?? null}
            takenAt={photo.takenAt ?? null}
            location={photo.location ?? null}
            onCaption={onCaption ? (caption) => onCaption(photo.id, caption) : undefined}
          />
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
