import { Card, Group, Text, Title } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { ProjectLocationsLinks } from './ProjectLocationsNav';

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
