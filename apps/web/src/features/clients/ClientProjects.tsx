import type { Project } from '@fieldwork/contract';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../ui/feedback/ErrorState';
import { projectPath } from '../projects/project-paths';
import { useProjectList } from '../projects/projects-api';

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
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-projects">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-projects">
          Projects
        </Title>
        {projects.isError ? (
          <ErrorState
            title="Could not load the projects"
            error={projects.error}
            onRetry={() => void projects.refetch()}
          />
        ) : rows === undefined ? (
          <Skeleton h={60} radius="md" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No projects for this client yet.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((project) => (
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
            {total !== undefined && total > rows.length && (
              <Text size="xs" c="dimmed">
                The first {rows.length} of {total}.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
