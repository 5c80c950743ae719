import { IMAGE_CONTENT_TYPES, REPORT_IMAGE_MAX_BYTES } from '@fieldwork/contract';
import type { Organisation, StoredImage } from '@fieldwork/contract';
import {
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, ValidationFailureError } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { SettingsSection } from '../settings/SettingsSection';
import { useRemoveReportImage, useUploadReportImage } from './account-api';
import type { ReportImageKind } from './account-api';
import { optionsOf } from './organisation-options';

const KINDS: ReadonlyArray<{ kind: ReportImageKind; label: string; hint: string }> = [
  {
    kind: 'report_logo',
    label: 'Report logo',
    hint: 'Shown at the top of every page. Fits 1200 × 600 pixels.',
  },
  {
    kind: 'report_cover_image',
    label: 'Cover image',
    hint: 'The first page of a report. Fits an A4 page at 300 dpi (2480 × 3508).',
  },
];

const MAX_MB = REPORT_IMAGE_MAX_BYTES / (1024 * 1024);

function describeImage(image: StoredImage): string {
  const kilobytes = Math.max(1, Math.round(image.size / 1024));
  return `${image.width} × ${image.height} px · ${kilobytes < 1024 ? `${kilobytes} KB` : `${(kilobytes / 1024).toFixed(1)} MB`}`;
}

/** What is wrong with a chosen file before it is sent, or null (the server checks the content). */
export function localImageProblem(file: File): string | null {
  if (file.size > REPORT_IMAGE_MAX_BYTES) return `The image is larger than ${MAX_MB} MB.`;
  if (file.type && !IMAGE_CONTENT_TYPES.some((type) => type === file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  return null;
}

function ReportImageSlot({
  kind,
  label,
  hint,
  image,
  canEdit,
}: {
  kind: ReportImageKind;
  label: string;
  hint: string;
  image: StoredImage | null;
  canEdit: boolean;
}) {
  const upload = useUploadReportImage(kind);
  const remove = useRemoveReportImage(kind);
  const [problem, setProblem] = useState<string | null>(null);

  function choose(file: File | null) {
    if (!file) return;
    const local = localImageProblem(file);
    setProblem(local);
    if (local) return;
    upload.mutate(file, {
      onSuccess: () => notifySuccess(`${label} uploaded`),
      onError: (error) =>
        setProblem(
          error instanceof ValidationFailureError && error.errors[0]
            ? error.errors[0].message
            : errorMessage(error),
        ),
    });
  }

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Paper withBorder radius="md" h={160} p="xs" bg="var(--mantine-color-gray-0)">
        {image ? (
          <Image src={image.url} alt={label} h="100%" w="100%" fit="contain" />
        ) : (
          <Center h="100%">
            <Stack align="center" gap={4}>
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
              <Text size="xs" c="dimmed">
                No {label.toLowerCase()} yet
              </Text>
            </Stack>
          </Center>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {image ? `${image.name} · ${describeImage(image)}` : hint}
      </Text>
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
                aria-label={`${image ? 'Replace' : 'Upload'} ${label.toLowerCase()}`}
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
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notifySuccess(`${label} removed`),
                  onError: (error) =>
                    notifyFailure(`Could not remove the ${label.toLowerCase()}`, error),
                })
              }
            >
              Remove
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The report logo and cover image (multipart uploads, normalised by the server). */
export function ReportImages({
  organisation,
  canEdit,
}: {
  organisation: Organisation;
  canEdit: boolean;
}) {
  const { files } = optionsOf(organisation);
  return (
    <SettingsSection
      title="Report images"
      description={`PNG, JPEG or WebP, up to ${MAX_MB} MB. Reports use them as they are uploaded here.`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {KINDS.map((item) => (
          <ReportImageSlot key={item.kind} {...item} image={files[item.kind]} canEdit={canEdit} />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}
