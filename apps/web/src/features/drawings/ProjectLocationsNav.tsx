import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { projectPath } from '../projects';
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
 * The head of a project's locations, zones or specifications page: back to the project, the
 * title, the links to the others, and what the page puts below them (`children`).
 */
export function ProjectLocationsHeader({
  projectId,
  title,
  current,
  children,
}: {
  projectId: string;
  title: string;
  current: (typeof PAGES)[number]['page'];
  children?: ReactNode;
}) {
  const { slug } = useCurrentOrganisation();
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={projectPath(slug, projectId)} size="sm">
        ← Project
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        <ProjectLocationsLinks projectId={projectId} current={current} />
      </Group>
      {children}
    </Stack>
  );
}
