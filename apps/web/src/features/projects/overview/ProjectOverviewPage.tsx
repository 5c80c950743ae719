import { Grid, Skeleton, Stack } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
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
import { ProjectFormsCard } from './ProjectFormsCard';
import { ProjectMembersCard } from './ProjectMembersCard';
import { ProjectMetrics } from './ProjectMetrics';
import { ProjectOverviewHeader } from './ProjectOverviewHeader';
import { ProjectSiteCard } from './ProjectSiteCard';

/**
 * What later features add to a project's page (the hub, `features/jobs/project-hub`): an action
 * beside the title ("New job"), the work at the top (jobs, sheets, approvals) and the side's
 * activity. The projects feature cannot import those features, so they hand their parts in.
 */
export interface ProjectHubParts {
  action?: (project: ProjectOverview) => ReactNode;
  work?: (project: ProjectOverview) => ReactNode;
  side?: (project: ProjectOverview) => ReactNode;
}

/**
 * /organisations/{slug}/projects/{projectId}: what the project is, where, who is on it, its forms,
 * and (given `hub`) its work.
 */
export function ProjectOverviewPage({ hub = {} }: { hub?: ProjectHubParts }) {
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
  return <Overview project={overview.data} hub={hub} />;
}

function Overview({ project, hub }: { project: ProjectOverview; hub: ProjectHubParts }) {
  const { slug } = useCurrentOrganisation();
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="lg">
      <ProjectOverviewHeader
        project={project}
        onEdit={() => setEditing(true)}
        action={hub.action?.(project)}
      />
      <ProjectMetrics metrics={project.metrics} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {hub.work?.(project)}
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
          <Stack gap="lg">
            <ProjectMembersCard projectId={project.id} permissions={project.permissions} />
            <ProjectFormsCard
              projectId={project.id}
              canEdit={project.permissions?.update === true}
            />
            {hub.side?.(project)}
          </Stack>
        </Grid.Col>
      </Grid>
      <EditProjectModal project={editing ? project : null} onClose={() => setEditing(false)} />
    </Stack>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the project">
      <Skeleton height={16} w={80} />
      <Skeleton height={34} w={320} />
      <Skeleton height={72} />
      <Skeleton height={220} />
    </Stack>
  );
}
