import { Grid, Skeleton, Stack } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../ui/feedback/ListEmptyState';
import { EditProjectModal } from '../details/EditProjectModal';
import { projectSettingsPath } from '../project-paths';
import { useProjectOverview } from '../projects-api';
import type { ProjectOverview } from '../projects-api';
import { LocationStatusesCard } from './LocationStatusesCard';
import { ProjectDetailsCard } from './ProjectDetailsCard';
import { ProjectMembersCard } from './ProjectMembersCard';
import { ProjectMetrics } from './ProjectMetrics';
import { ProjectOverviewHeader } from './ProjectOverviewHeader';
import { ProjectSiteCard } from './ProjectSiteCard';

/** /organisations/{slug}/projects/{projectId}: what the project is, where, and who is on it. */
export function ProjectOverviewPage() {
  const { projectId = '' } = useParams();
  const overview = useProjectOverview(projectId);

  if (overview.error instanceof ApiError && overview.error.status === 404) {
    return (
      <ListEmptyState
        icon={<IconMoodEmpty size={32} />}
        title="This project does not exist"
        description="It may have been deleted, or the link is wrong."
      />
    );
  }
  if (overview.isError && !overview.data) {
    return <QueryErrorState title="Could not load the project" query={overview} />;
  }
  if (!overview.data) return <OverviewSkeleton />;
  return <Overview project={overview.data} />;
}

function Overview({ project }: { project: ProjectOverview }) {
  const { slug } = useCurrentOrganisation();
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="lg">
      <ProjectOverviewHeader project={project} onEdit={() => setEditing(true)} />
      <ProjectMetrics metrics={project.metrics} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ProjectDetailsCard project={project} />
            <ProjectSiteCard
              projectId={project.id}
              site={project.site}
              siteAddress={project.site_address}
              canChange={project.permissions?.update === true}
            />
            <LocationStatusesCard
              statuses={project.location_statuses}
              settingsPath={`${projectSettingsPath(slug, project.id)}/location_statuses`}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProjectMembersCard projectId={project.id} permissions={project.permissions} />
        </Grid.Col>
      </Grid>
      <EditProjectModal project={editing ? project : null} onClose={() => setEditing(false)} />
    </Stack>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" aria-label="Loading the project">
      <Skeleton height={16} w={80} />
      <Skeleton height={34} w={320} />
      <Skeleton height={72} />
      <Skeleton height={220} />
    </Stack>
  );
}
