import { Center, Loader } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSession } from '../../session/use-session';
import { resourceQueryKey } from '../../api/resource-hooks';
import { QueryErrorState, isMissingRecord } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { locationPath } from './drawing-paths';
import { locationsApi } from './drawings-api';

/**
 * /organisations/{slug}/locations/{id}: a location's own address (a scanned QR code lands
 * here), which opens it on its drawing, or in its project's table when it has no pin.
 */
export function LocationRedirectPage() {
  const { locationId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  const { organisationId } = useSession();
  const location = useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'locations'), 'one', locationId],
    queryFn: () => locationsApi.get(locationId),
  });
  if (isMissingRecord(location.error)) {
    return (
      <ListEmptyState
        icon={<IconMapPinOff size={32} />}
        title="This location does not exist"
        description="It may have been deleted, or the link is wrong."
      />
    );
  }
  if (location.isError)
    return <QueryErrorState title="Could not load the location" query={location} />;
  if (!location.data) {
    return (
      <Center h={200}>
        <Loader role="status" aria-label="Opening the location" />
      </Center>
    );
  }
  return <Navigate to={locationPath(slug, location.data)} replace />;
}
