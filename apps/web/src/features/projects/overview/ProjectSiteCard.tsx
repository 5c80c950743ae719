import type { Site } from '@fieldwork/contract';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { sitePath } from '../../../app/library-paths';
import { OverviewCard } from './OverviewCard';
import { SetSiteModal } from './SetSiteModal';

// Leaflet is loaded with the first map shown, not with the projects list.
const SiteMap = lazy(() => import('../../sites').then((sites) => ({ default: sites.SiteMap })));
const MAP_HEIGHT = 240;

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
  const { slug } = useCurrentOrganisation();
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
            <Anchor component={Link} to={sitePath(slug, site.id)} fw={600} size="sm">
              {site.name}
            </Anchor>
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
            <Suspense fallback={<Skeleton height={MAP_HEIGHT} radius="md" mt="xs" />}>
              <Stack mt="xs">
                <SiteMap
                  coordinates={site.coordinates}
                  height={MAP_HEIGHT}
                  label={`Map of ${site.name}`}
                />
              </Stack>
            </Suspense>
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
