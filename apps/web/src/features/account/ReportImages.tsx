import type { Organisation, StoredImage } from '@fieldwork/contract';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { ImageSlot } from '../../ui/forms/ImageSlot';
import { SettingsSection } from '../../ui/SettingsSection';
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

function describeImage(image: StoredImage): string {
  const kilobytes = Math.max(1, Math.round(image.size / 1024));
  return `${image.width} × ${image.height} px · ${kilobytes < 1024 ? `${kilobytes} KB` : `${(kilobytes / 1024).toFixed(1)} MB`}`;
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
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {label}
      </Text>
      <ImageSlot
        label={label}
        image={image?.url ?? null}
        emptyText={`No ${label.toLowerCase()} yet`}
        caption={
          <Text size="xs" c="dimmed">
            {image ? `${image.name} · ${describeImage(image)}` : hint}
          </Text>
        }
        height={160}
        background="var(--mantine-color-gray-0)"
        canEdit={canEdit}
        upload={upload}
        remove={remove}
      />
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
      description="The images at the top and on the first page of every report, used as uploaded here."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {KINDS.map((item) => (
          <ReportImageSlot key={item.kind} {...item} image={files[item.kind]} canEdit={canEdit} />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}
