import { IMAGE_CONTENT_TYPES, REPORT_IMAGE_MAX_BYTES } from '@fieldwork/contract';
import {
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Overlay,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { errorMessage, ValidationFailureError } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../feedback/notify';
import { FormErrorAlert } from './FormErrorAlert';

export const IMAGE_MAX_MB = REPORT_IMAGE_MAX_BYTES / (1024 * 1024);

/** What is wrong with a chosen file before it is sent, or null (the server checks the content). */
export function localImageProblem(file: File): string | null {
  if (file.size > REPORT_IMAGE_MAX_BYTES) return `The image is larger than ${IMAGE_MAX_MB} MB.`;
  if (file.type && !IMAGE_CONTENT_TYPES.some((type) => type === file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  return null;
}

/** The server's reason: a 422's first field message (e.g. "not an image"), else the message. */
function uploadProblem(error: unknown): string {
  return error instanceof ValidationFailureError && error.errors[0]
    ? error.errors[0].message
    : errorMessage(error);
}

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
 * Upload/Replace and Remove for people who may edit. A file is checked here before it is sent;
 * the server's refusal shows under the preview.
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
  upload: SlotMutation<File>;
  remove: SlotMutation<undefined>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const noun = label.toLowerCase();

  function choose(file: File | null) {
    if (!file) return;
    const local = localImageProblem(file);
    setProblem(local);
    if (local) return;
    upload.mutate(file, {
      onSuccess: () => notifySuccess(`${label} uploaded`),
      onError: (error) => setProblem(uploadProblem(error)),
    });
  }

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
      <FormErrorAlert message={problem} />
      {canEdit && (
        <Group gap="xs">
          <FileButton onChange={choose} accept={IMAGE_CONTENT_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                disabled={remove.isPending}
                aria-label={`${image ? 'Replace' : 'Upload'} ${noun}`}
              >
                {image ? 'Replace' : 'Upload'}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              disabled={upload.isPending}
              aria-label={`Remove ${noun}`}
              onClick={() => {
                setProblem(null);
                remove.mutate(undefined, {
                  onSuccess: () => notifySuccess(`${label} removed`),
                  onError: (error) => notifyFailure(`Could not remove the ${noun}`, error),
                });
              }}
            >
              Remove
            </Button>
          )}
        </Group>
      )}
    </>
  );
}
