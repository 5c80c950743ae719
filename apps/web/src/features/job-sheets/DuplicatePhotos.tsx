import type { JobSheet, JobSheetDuplicatePhoto } from '@fieldwork/contract';
import { Alert, Anchor, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { jobSheetPath } from './job-sheet-paths';
import { useJobSheet } from './job-sheets-api';
import { duplicateKindLabel, duplicateSummary, sheetLabel } from './duplicate-summary';

/**
 * The sheet's photos found again on other sheets: how many of its photos and on which sheets,
 * then each pair side by side.
 */
export function DuplicatePhotos({ sheet }: { sheet: JobSheet }) {
  if (sheet.duplicate_photos.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconCopy size={18} />}
      title={duplicateSummary(sheet.duplicate_photos)}
      data-testid="duplicate-photos"
    >
      <Stack gap="sm">
        {sheet.duplicate_photos.map((duplicate) => (
          <DuplicatePair
            key={`${duplicate.photo_id}-${duplicate.duplicate_photo_id}`}
            sheet={sheet}
            duplicate={duplicate}
          />
        ))}
      </Stack>
    </Alert>
  );
}

function DuplicatePair({
  sheet,
  duplicate,
}: {
  sheet: JobSheet;
  duplicate: JobSheetDuplicatePhoto;
}) {
  const organisation = useCurrentOrganisation();
  const other = useJobSheet(duplicate.duplicate_job_sheet_id);
  const mine = sheet.photos.find((photo) => photo.id === duplicate.photo_id);
  const theirs = other.data?.photos.find((photo) => photo.id === duplicate.duplicate_photo_id);
  const label = sheetLabel(duplicate.duplicate_job_sheet_number);
  return (
    <Paper withBorder p="xs" radius="sm">
      <SimpleGrid cols={2} spacing="xs">
        <Stack gap={2}>
          <PhotoOrBlank
            url={mine?.file?.thumbnail_url ?? mine?.file?.url}
            alt="This sheet's photo"
          />
          <Text size="xs">This sheet</Text>
        </Stack>
        <Stack gap={2}>
          <PhotoOrBlank
            url={theirs?.file?.thumbnail_url ?? theirs?.file?.url}
            alt={`The photo on ${label}`}
          />
          <Anchor
            size="xs"
            component={Link}
            to={jobSheetPath(organisation.slug, duplicate.duplicate_job_sheet_id)}
          >
            {label.charAt(0).toUpperCase() + label.slice(1)}
          </Anchor>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {duplicateKindLabel(duplicate.kind)}
      </Text>
    </Paper>
  );
}

function PhotoOrBlank({ url, alt }: { url: string | null | undefined; alt: string }) {
  return url ? (
    <Image src={url} alt={alt} h={120} fit="cover" radius="sm" />
  ) : (
    <Paper h={120} bg="gray.1" radius="sm" aria-label={alt} />
  );
}
