import type { Site } from '@fieldwork/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { OverviewCard } from './OverviewCard';
import { SetSiteModal } from './SetSiteModal';

/** An OpenStreetMap page centred on the coordinates (a map the user can open anywhere). */
export function openStreetMapUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/** Where the work is: the project's site (name, full address, map), or its free-text address. */
export function ProjectSiteCard({
  projectId,
  site,
  siteAddress,
  canChange,
}: {
  projectId: string;
  site: Site | null;
  siteAddress: string | null;
  canChange: boolean;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <OverviewCard
      title="Site"
      actions={
        canChange && (
          <Button size="xs" variant="light" onClick={() => setPicking(true)}>
            {site ? 'Change site' : 'Set site'}
          </Button>
        )
      }
    >
      {site ? (
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} />
            <Text fw={600} size="sm">
              {site.name}
            </Text>
          </Group>
          {site.full_address && site.full_address !== site.name && (
            <Text size="sm">{site.full_address}</Text>
          )}
          {site.what3words && (
            <Text size="sm" c="dimmed">
              ///{site.what3words}
            </Text>
          )}
          {site.coordinates ? (
            <Anchor href={openStreetMapUrl(site.coordinates)} target="_blank" size="sm">
              {site.coordinates.lat.toFixed(5)}, {site.coordinates.lng.toFixed(5)} — open map
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed">
              No coordinates yet: add them to the site to see it on a map.
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text size="sm" c={siteAddress ? undefined : 'dimmed'}>
            {siteAddress || 'No site or address yet.'}
          </Text>
          {canChange && (
            <Text size="xs" c="dimmed">
              Set a site to plan blocks and levels and to see the project on a map.
            </Text>
          )}
        </Stack>
      )}
      <SetSiteModal
        opened={picking}
        projectId={projectId}
        current={site}
        onClose={() => setPicking(false)}
      />
    </OverviewCard>
  );
}
