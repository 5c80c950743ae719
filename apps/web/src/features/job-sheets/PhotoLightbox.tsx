import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Text,
} from '@mantine/core';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import type { PhotoLocation, PhotoMarkupShape } from '@fieldwork/contract';
import { IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { lazyComponent } from '../../ui/lazy-component';
import type { PhotoMarkupDraft } from './job-sheets-api';
import { PhotoDetails, PhotoTools } from './PhotoEvidence';

const PhotoMarkupEditor = lazyComponent(
  () => import('./markup/PhotoMarkupEditor'),
  'PhotoMarkupEditor',
);

/** Keeps (a draft) or removes (null) a photo's markup, reporting the upload's progress. */
export type SaveMarkup = (
  photoId: string,
  markup: PhotoMarkupDraft | null,
  onProgress?: (fraction: number) => void,
) => Promise<void>;

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
  /** The upright photo's size in pixels, once processed (markup needs it). */
  size?: { width: number; height: number } | undefined;
  /** The marked-up copy and the shapes drawn on it. */
  markup?: { url: string; shapes: PhotoMarkupShape[] } | null | undefined;
}

/**
 * A photo large, with previous and next (arrow buttons, and the ← → keys while it is open; the
 * originals load only here). A marked-up photo shows its copy, with the original a tap away;
 * Mark up opens the markup editor (its own chunk, loaded when first wanted) in its place.
 */
export function PhotoLightbox({
  photos,
  index,
  onIndex,
  onClose,
  onCaption,
  onMarkup,
}: {
  photos: LightboxPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Saves a photo's caption; without it the caption is read-only. */
  onCaption?: ((photoId: string, caption: string | null) => Promise<void>) | undefined;
  /** Keeps or removes a photo's markup; without it there is no Mark up. */
  onMarkup?: SaveMarkup | undefined;
}) {
  const [zoomed, setZoomed] = useState(false);
  const [marking, setMarking] = useState(false);
  const [showOriginal, setShowOriginal] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const viewport = useViewportSize();
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const open = photo !== undefined;
  const step = (by: number) => {
    setZoomed(false);
    setShowOriginal(false);
    onIndex(((index ?? 0) + by + count) % count);
  };
  const close = () => {
    setZoomed(false);
    setMarking(false);
    setShowOriginal(false);
    onClose();
  };
  // The marked-up copy is what people see first; the original is one tap away.
  const shown = photo?.markup && !showOriginal ? photo.markup.url : photo?.url;

  useEffect(() => {
    if (!open || count < 2 || marking) return;
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
      onClose={close}
      size="xl"
      title={
        photo
          ? marking
            ? `Mark up: ${photo.caption}`
            : `${photo.caption} (${(index ?? 0) + 1} of ${count})`
          : ''
      }
      fullScreen={marking && phone === true}
    >
      {photo && marking && onMarkup && photo.size && (
        <Suspense fallback={<PageLoader />}>
          <PhotoMarkupEditor
            photoUrl={photo.url}
            photo={photo.size}
            initialShapes={photo.markup?.shapes ?? []}
            // The modal's header and the tools above and below take about 300 px.
            maxHeight={Math.max(200, (viewport.height || 800) - 300)}
            onSave={async (draft, onProgress) => {
              await onMarkup(photo.id, draft, onProgress);
              setMarking(false);
              setShowOriginal(false);
            }}
            onRemove={
              photo.markup
                ? async () => {
                    await onMarkup(photo.id, null);
                    setMarking(false);
                  }
                : undefined
            }
            onCancel={() => setMarking(false)}
          />
        </Suspense>
      )}
      {photo && !marking && (
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
              <img src={shown} alt={photo.note ?? photo.caption} style={{ maxWidth: 'none' }} />
            </Box>
          ) : (
            <Image
              src={shown}
              alt={photo.note ?? photo.caption}
              fit="contain"
              mah="70vh"
              style={{ cursor: 'zoom-in' }}
              onClick={() => setZoomed(true)}
            />
          )}
          <Group justify="space-between" mt="xs" gap="xs">
            {photo.markup ? (
              <SegmentedControl
                size="xs"
                aria-label="Which picture"
                value={showOriginal ? 'original' : 'marked'}
                onChange={(value) => setShowOriginal(value === 'original')}
                data={[
                  { value: 'marked', label: 'Marked up' },
                  { value: 'original', label: 'Original' },
                ]}
              />
            ) : (
              <span />
            )}
            <Group gap="xs">
              {onMarkup && photo.size && (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => {
                    setZoomed(false);
                    setMarking(true);
                  }}
                >
                  {photo.markup ? 'Edit markup' : 'Mark up'}
                </Button>
              )}
              <PhotoTools
                zoomed={zoomed}
                onZoom={setZoomed}
                // What is shown is what downloads: the marked-up copy or the original.
                downloadUrl={shown === photo.url ? photo.downloadUrl : shown}
              />
            </Group>
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
