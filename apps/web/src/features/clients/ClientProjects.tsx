import type { Project } from '@fieldwork/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { QuerySection } from '../../ui/QuerySection';
import { projectPath, useProjectList } from '../projects';

const SHOWN = 50;

/** The client's projects (live and archived), each linking to its overview. */
export function ClientProjects({ clientId, slug }: { clientId: string; slug: string }) {
  const projects = useProjectList({
    filter: { client_id: clientId },
    sort: 'name',
    page: { number: 1, size: SHOWN },
  });
  const rows: Project[] | undefined = projects.data?.data;
  const total = projects.data?.meta.total;

  return (
    <QuerySection
      id="client-projects"
      title="Projects"
      query={projects}
      items={rows}
      errorTitle="Could not load the projects"
      empty="No projects for this client yet."
      skeletonHeight={60}
    >
      {(shown) => (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((project) => (
            <Group key={project.id} gap="xs" component="li" wrap="nowrap">
              <Anchor component={Link} to={projectPath(slug, project.id)} size="sm">
                {project.name}
              </Anchor>
              {project.reference && (
                <Text size="xs" c="dimmed">
                  {project.reference}
                </Text>
              )}
              {project.archived && (
                <Badge size="xs" variant="light" color="gray">
                  Archived
                </Badge>
              )}
            </Group>
          ))}
          {total !== undefined && total > shown.length && (
            <Text size="xs" c="dimmed">
              The first {shown.length} of {total}.
            </Text>
          )}
        </Stack>
      )}
    </QuerySection>
  );
}
