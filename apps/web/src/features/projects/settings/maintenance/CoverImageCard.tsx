import type { Project } from '@fieldwork/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { ImageSlot } from '../../../../ui/forms/ImageSlot';
import { useRemoveCoverImage, useUploadCoverImage } from './project-files-api';

/**
 * Settings › General (projects): the cover page of this project's reports. Replaces the
 * organisation's cover image on them; managers upload and remove it.
 */
export function CoverImageCard({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const upload = useUploadCoverImage(project.id);
  const remove = useRemoveCoverImage(project.id);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5">
            Report cover image
          </Title>
          <Text size="sm" c="dimmed">
            The first page of this project&apos;s reports, instead of the organisation&apos;s;
            fitted to an A4 page.
          </Text>
        </Stack>
        <ImageSlot
          label="Cover image"
          alt="Report cover image"
          image={project.files.report_cover_image}
          emptyText="No cover image: reports use the organisation's"
          height={220}
          background="var(--mantine-color-gray-light)"
          uploadingText="Uploading and fitting the image…"
          canEdit={canEdit}
          upload={upload}
          remove={remove}
        />
      </Stack>
    </Paper>
  );
}
