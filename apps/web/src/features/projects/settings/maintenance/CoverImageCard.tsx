import { IMAGE_CONTENT_TYPES, REPORT_IMAGE_MAX_BYTES } from '@fieldwork/contract';
import type { Project } from '@fieldwork/contract';
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
  Title,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ValidationFailureError, errorMessage } from '../../../../api/errors';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { localImageProblem } from '../../../account/ReportImages';
import { useRemoveCoverImage, useUploadCoverImage } from './project-files-api';

const MAX_MB = REPORT_IMAGE_MAX_BYTES / (1024 * 1024);

/** The server's reason: a 422's first field message (e.g. "not an image"), else the message. */
function uploadProblem(error: unknown): string {
  return error instanceof ValidationFailureError && error.errors[0]
    ? error.errors[0].message
    : errorMessage(error);
}

/**
 * Settings › General (projects): the cover page of this project's reports. Replaces the
 * organisation's cover image on them; managers upload and remove it.
 */
export function CoverImageCard({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const upload = useUploadCoverImage(project.id);
  const remove = useRemoveCoverImage(project.id);
  const [problem, setProblem] = useState<string | null>(null);
  const image = project.files.report_cover_image;

  function choose(file: File | null) {
    if (!file) return;
    const local = localImageProblem(file);
    setProblem(local);
    if (local) return;
    upload.mutate(file, {
      onSuccess: () => notifySuccess('Cover image uploaded'),
      onError: (error) => setProblem(uploadProblem(error)),
    });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5">
            Report cover image
          </Title>
          <Text size="sm" c="dimmed">
            The first page of this project&apos;s reports, instead of the organisation&apos;s. PNG,
            JPEG or WebP up to {MAX_MB} MB; fitted to an A4 page.
          </Text>
        </Stack>
        <Paper
          withBorder
          radius="md"
          h={220}
          p="xs"
          pos="relative"
          bg="var(--mantine-color-gray-light)"
          aria-busy={upload.isPending}
        >
          {image ? (
            <Image src={image} alt="Report cover image" h="100%" w="100%" fit="contain" />
          ) : (
            <Center h="100%">
              <Stack align="center" gap={4}>
                <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
                <Text size="xs" c="dimmed">
                  No cover image: reports use the organisation&apos;s
                </Text>
              </Stack>
            </Center>
          )}
          {upload.isPending && (
            <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.75} radius="md" center>
              <Stack align="center" gap={6} role="status">
                <Loader size="sm" />
                <Text size="sm">Uploading and fitting the image…</Text>
              </Stack>
            </Overlay>
          )}
        </Paper>
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
                  aria-label={`${image ? 'Replace' : 'Upload'} cover image`}
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
                aria-label="Remove cover image"
                onClick={() => {
                  setProblem(null);
                  remove.mutate(undefined, {
                    onSuccess: () => notifySuccess('Cover image removed'),
                    onError: (error) => notifyFailure('Could not remove the cover image', error),
                  });
                }}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
