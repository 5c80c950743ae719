import type { JobSheet, JobSheetDuplicatePhoto } from '@fieldwork/contract';
import { Alert, Anchor, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { jobSheetPath } from './job-sheet-paths';
import { useJobSheet } from './job-sheets-api';

/** The sheet's photos found again on other sheets, each pair side by side. */
export function DuplicatePhotos({ sheet }: { sheet: JobSheet }) {
  if (sheet.duplicate_photos.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconCopy size={18} />}
      title={`${sheet.duplicate_photos.length} photo${
        sheet.duplicate_photos.length === 1 ? '' : 's'
      } also on other job sheets`}
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
  const label = duplicate.duplicate_job_sheet_number ?? '';
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
            alt={`The photo on sheet ${label}`}
          />
          <Anchor
            size="xs"
            component={Link}
            to={jobSheetPath(organisation.slug, duplicate.duplicate_job_sheet_id)}
          >
            Sheet {label}
          </Anchor>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {duplicate.kind === 'EXACT'
          ? 'The same file'
          : `Nearly the same (distance ${duplicate.distance})`}
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
