import type { JobSheetPhoto, Location } from '@fieldwork/contract';
import { Anchor, Image, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSession } from '../../session/use-session';
import { jobSheetPath } from '../job-sheets';

const photosApi = resourceApi<JobSheetPhoto, never>('job_sheet_photos');
/** How many thumbnails the panel shows; the rest are on their sheets. */
const SHOWN = 6;

/** The location's job sheet photos as thumbnails, each opening its sheet. */
export function LocationPhotos({ location }: { location: Location }) {
  const { slug } = useCurrentOrganisation();
  const { organisationId } = useSession();
  const sheetIds = location.job_sheets.map((sheet) => sheet.id);
  const ready = location.job_sheet_photos.filter((photo) => photo.status === 'READY');
  const photos = useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'job_sheet_photos'), 'of-location', location.id],
    queryFn: () =>
      photosApi.list({
        filter: { job_sheet_id: sheetIds.join(','), status: 'READY' },
        page: { number: 1, size: SHOWN },
      }),
    enabled: ready.length > 0,
  });
  const total = location.job_sheet_photos.length;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No photos
      </Text>
    );
  const shown = photos.data?.data ?? [];
  return (
    <>
      {shown.length > 0 && (
        <SimpleGrid cols={3} spacing={6} aria-label="Photos">
          {shown.map((photo) => (
            <Anchor
              key={photo.id}
              component={Link}
              to={jobSheetPath(slug, photo.job_sheet_id)}
              aria-label={`Photo on job sheet ${location.job_sheets.find((sheet) => sheet.id === photo.job_sheet_id)?.number ?? ''}`}
            >
              <Image
                src={photo.file?.thumbnail_url ?? photo.file?.url}
                alt={photo.caption ?? ''}
                radius="sm"
                h={64}
                fit="cover"
              />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed">
        {total} photo{total === 1 ? '' : 's'}
        {total > shown.length && shown.length > 0 ? `, ${shown.length} shown` : ''}
      </Text>
    </>
  );
}
