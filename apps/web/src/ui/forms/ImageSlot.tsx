import { IMAGE_CONTENT_TYPES, REPORT_IMAGE_MAX_BYTES } from '@fieldwork/contract';
import { Button, Center, Image, Loader, Overlay, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FileUpload } from '../../api/upload';
import { notifyFailure, notifySuccess } from '../feedback/notify';
import { FileDrop } from '../uploads/FileDrop';
import type { FileRules } from '../uploads/upload-problem';

/** What a stored image may be (the server reads the bytes and has the last word). */
export const IMAGE_RULES: FileRules = {
  accept: IMAGE_CONTENT_TYPES,
  acceptLabel: 'PNG, JPEG or WebP',
  maxBytes: REPORT_IMAGE_MAX_BYTES,
  noun: 'image',
};

/** The part of a mutation the slot uses (upload takes the file, remove nothing). */
interface SlotMutation<Variables> {
  mutate(
    variables: Variables,
    options: { onSuccess: () => void; onError: (e: Error) => void },
  ): void;
  isPending: boolean;
}

/**
 * One stored image (a report logo, a cover image): its preview or an empty placeholder, then
 * Upload/Replace (dropped or chosen, with its progress) and Remove for people who may edit. A
 * file is checked before it is sent; the server's refusal shows under the preview.
 */
export function ImageSlot({
  label,
  alt = label,
  image,
  emptyText,
  caption,
  height,
  background,
  uploadingText,
  canEdit,
  upload,
  remove,
}: {
  /** e.g. "Cover image": the image's alt text, and the buttons' and notices' noun. */
  label: string;
  alt?: string;
  image: string | null;
  emptyText: ReactNode;
  caption?: ReactNode;
  height: number;
  background: string;
  /** Shown over the preview while an upload is under way. */
  uploadingText?: string;
  canEdit: boolean;
  upload: SlotMutation<FileUpload>;
  remove: SlotMutation<undefined>;
}) {
  const noun = label.toLowerCase();
  const send = (file: File, onProgress: (fraction: number) => void) =>
    new Promise<void>((resolve, reject) =>
      upload.mutate({ file, onProgress }, { onSuccess: resolve, onError: reject }),
    );

  return (
    <>
      <Paper
        withBorder
        radius="md"
        h={height}
        p="xs"
        pos="relative"
        bg={background}
        aria-busy={upload.isPending}
      >
        {image ? (
          <Image src={image} alt={alt} h="100%" w="100%" fit="contain" />
        ) : (
          <Center h="100%">
            <Stack align="center" gap={4}>
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
              <Text size="xs" c="dimmed">
                {emptyText}
              </Text>
            </Stack>
          </Center>
        )}
        {uploadingText && upload.isPending && (
          <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.75} radius="md" center>
            <Stack align="center" gap={6} role="status">
              <Loader size="sm" />
              <Text size="sm">{uploadingText}</Text>
            </Stack>
          </Overlay>
        )}
      </Paper>
      {caption}
      {canEdit && (
        <FileDrop
          label={label}
          rules={IMAGE_RULES}
          send={send}
          onUploaded={() => notifySuccess(`${label} uploaded`)}
          disabled={remove.isPending}
          chooseText={image ? 'Replace' : 'Upload'}
          chooseLabel={`${image ? 'Replace' : 'Upload'} ${noun}`}
          actions={
            image && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={remove.isPending}
                disabled={upload.isPending}
                aria-label={`Remove ${noun}`}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => notifySuccess(`${label} removed`),
                    onError: (error) => notifyFailure(`Could not remove the ${noun}`, error),
                  })
                }
              >
                Remove
              </Button>
            )
          }
        />
      )}
    </>
  );
}
