import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { projectSpecificationsPath, projectZonesPath } from '../zones';
import { projectDrawingsPath, projectLocationsPath } from './drawing-paths';

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
  const { slug } = useCurrentOrganisation();
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
        <Group gap="md">
          <Anchor component={Link} to={projectDrawingsPath(slug, projectId)}>
            Drawings
          </Anchor>
          <Anchor component={Link} to={projectLocationsPath(slug, projectId)}>
            Locations
          </Anchor>
          <Anchor component={Link} to={projectZonesPath(slug, projectId)}>
            Zones
          </Anchor>
          <Anchor component={Link} to={projectSpecificationsPath(slug, projectId)}>
            Specifications
          </Anchor>
        </Group>
      </Group>
    </Card>
  );
}
