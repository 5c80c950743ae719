import { ActionIcon, Anchor, Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { PHOTO_CAPTION_MAX, type PhotoLocation } from '@fieldwork/contract';
import { IconDownload, IconPencil, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format-time';

/** A photo's place in words: "51.50720, -0.12760 (within 13 m)". */
export function locationText(location: PhotoLocation): string {
  const at = `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
  return location.accuracy === null ? at : `${at} (within ${Math.round(location.accuracy)} m)`;
}

/** Zoom in and out, and download the photo as it was uploaded. */
export function PhotoTools({
  zoomed,
  onZoom,
  downloadUrl,
}: {
  zoomed: boolean;
  onZoom: (zoomed: boolean) => void;
  downloadUrl: string | undefined;
}) {
  return (
    <Group gap="xs">
      <Tooltip label={zoomed ? 'Fit to the window' : 'Zoom in'}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
          aria-pressed={zoomed}
          onClick={() => onZoom(!zoomed)}
        >
          {zoomed ? <IconZoomOut size={18} /> : <IconZoomIn size={18} />}
        </ActionIcon>
      </Tooltip>
      {downloadUrl && (
        <Button
          component="a"
          href={downloadUrl}
          download
          target="_blank"
          rel="noopener"
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
        >
          Download
        </Button>
      )}
    </Group>
  );
}

/**
 * What was stamped on a photo at upload: when it was taken, where (when the phone granted its
 * location, with a link to the map) and its caption, editable when the sheet may still change.
 */
export function PhotoDetails({
  note,
  takenAt,
  location,
  onCaption,
}: {
  note: string | null;
  takenAt: string | null;
  location: PhotoLocation | null;
  onCaption?: ((caption: string | null) => Promise<void>) | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!onCaption) return;
    setSaving(true);
    setError(null);
    try {
      await onCaption(draft.trim() || null);
      setEditing(false);
    } catch {
      setError('Could not save the caption. Try again.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap={4} mt="sm" data-testid="photo-details">
      {editing ? (
        <Stack gap={6}>
          <Textarea
            label="Caption"
            rows={3}
            maxLength={PHOTO_CAPTION_MAX}
            value={draft}
            error={error}
            onChange={(event) => setDraft(event.currentTarget.value)}
            data-autofocus
          />
          <Group gap="xs">
            <Button size="xs" loading={saving} onClick={() => void save()}>
              Save caption
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c={note ? undefined : 'dimmed'} style={{ flex: 1 }}>
            {note ?? 'No caption'}
          </Text>
          {onCaption && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPencil size={14} />}
              onClick={() => {
                setDraft(note ?? '');
                setEditing(true);
              }}
            >
              {note ? 'Edit caption' : 'Add caption'}
            </Button>
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {takenAt ? `Taken ${formatDateTime(takenAt)}` : 'Time taken not recorded'}
        {' · '}
        {location ? (
          <Anchor
            size="xs"
            href={`https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=18/${location.latitude}/${location.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {locationText(location)}
          </Anchor>
        ) : (
          'Location not recorded'
        )}
      </Text>
    </Stack>
  );
}
