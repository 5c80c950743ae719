import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import {
  projectDrawingsPath,
  projectLocationsPath,
  projectSpecificationsPath,
  projectZonesPath,
} from './drawing-paths';

const PAGES = [
  { page: 'drawings', label: 'Drawings', path: projectDrawingsPath },
  { page: 'locations', label: 'Locations', path: projectLocationsPath },
  { page: 'zones', label: 'Zones', path: projectZonesPath },
  { page: 'specifications', label: 'Specifications', path: projectSpecificationsPath },
] as const;

/** The project's drawings, locations, zones and specifications pages, but the one shown now. */
export function ProjectLocationsLinks({
  projectId,
  current,
}: {
  projectId: string;
  current?: (typeof PAGES)[number]['page'];
}) {
  const { slug } = useCurrentOrganisation();
  return (
    <Group gap="md">
      {PAGES.filter(({ page }) => page !== current).map(({ page, label, path }) => (
        <Anchor key={page} component={Link} to={path(slug, projectId)}>
          {label}
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * On a project's page: the way to its drawings, locations, zones and specifications, with how
 * many locations there are.
 */
export function ProjectLocationsCard({
  projectId,
  locationCount,
}: {
  projectId: string;
  locationCount?: number;
}) {
  return (
    <Card withBorder component="section" aria-label="Drawings and locations">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm">
          <IconMap2 size={22} aria-hidden />
          <div>
            <Title order={2} size="h4">
              Drawings and locations
            </Title>
            {locationCount !== undefined && (
              <Text size="sm" c="dimmed">
                {locationCount.toLocaleString()} location{locationCount === 1 ? '' : 's'}
              </Text>
            )}
          </div>
        </Group>
        <ProjectLocationsLinks projectId={projectId} />
      </Group>
    </Card>
  );
}
