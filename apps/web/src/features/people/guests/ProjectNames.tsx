import { Text } from '@mantine/core';
import type { MemberProject } from '../../../ui/people-types';

/** The projects of a guest or an invitation, or "No projects". */
export function ProjectNames({ projects }: { projects: MemberProject[] }) {
  if (projects.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No projects
      </Text>
    );
  return (
    <Text size="sm" lineClamp={2}>
      {projects.map((project) => project.project_name).join(', ')}
    </Text>
  );
}
