import type { ProjectActivityEntry } from '@fieldwork/contract';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { resourceQueryKey, useCollectionPermissions } from '../../../api/resource-hooks';
import { ProjectDocumentsCard } from '../../documents';
import { ProjectLocationsCard } from '../../drawings';
import { ProjectApprovalsWaiting, ProjectSheetCounts } from '../../job-sheets';
import { ProjectOverviewPage, projectsApi, type ProjectOverview } from '../../projects';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { useSession } from '../../../session/use-session';
import { currentMembership, isAtLeastRole } from '../../../session/session-helpers';
import { ActivityMeta, ActivityTimeline } from '../../../ui/ActivityTimeline';
import { formatDateTime } from '../../../ui/format-time';
import { MountWhenOpened, lazyComponent } from '../../../ui/lazy-component';
import { QuerySection } from '../../../ui/QuerySection';
import { RecordRow } from '../../../ui/RecordRow';
import { formatDayShort } from '../calendar-days';
import { jobPath } from '../job-paths';
import { JobStatusBadge } from '../job-status';
import { jobTitle, jobsApi, useJobList } from '../jobs-api';
import { projectActivityLine } from './project-activity-lines';

const JobFormModal = lazyComponent(() => import('../JobFormModal'), 'JobFormModal');

/**
 * /organisations/{slug}/projects/{projectId}: the project's hub. The projects feature's page
 * (details, site, people, forms) with the work added here: its open jobs and "New job", its job
 * sheets by status, the sheets waiting for approval, and (for managers) its recent activity.
 */
export function ProjectHubPage() {
  return (
    <ProjectOverviewPage
      hub={{
        action: (project) => <NewJobButton projectId={project.id} />,
        work: (project) => <ProjectWork project={project} />,
        side: (project) => <ProjectActivity projectId={project.id} />,
      }}
    />
  );
}

function NewJobButton({ projectId }: { projectId: string }) {
  const [creating, setCreating] = useState(false);
  // Whoever may create jobs (the server's answer, not a copy of its roles).
  const manages = useCollectionPermissions(jobsApi).data?.create === true;
  if (!manages) return null;
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
        New job
      </Button>
      <MountWhenOpened opened={creating}>
        <JobFormModal
          target={creating ? { mode: 'create' } : null}
          onClose={() => setCreating(false)}
          projectId={projectId}
        />
      </MountWhenOpened>
    </>
  );
}

function ProjectWork({ project }: { project: ProjectOverview }) {
  return (
    <Stack gap="lg">
      <ProjectJobs projectId={project.id} />
      <ProjectLocationsCard projectId={project.id} locationCount={project.location_count} />
      <ProjectDocumentsCard projectId={project.id} />
      <ProjectSheetCounts projectId={project.id} />
      <ProjectApprovalsWaiting projectId={project.id} />
    </Stack>
  );
}

/** The jobs list's address filtered to the project. */
const projectJobsPath = (slug: string, projectId: string) =>
  `/organisations/${encodeURIComponent(slug)}/jobs?project=${projectId}`;

/** The project's open jobs, soonest first, and the way to all of them. */
function ProjectJobs({ projectId }: { projectId: string }) {
  const { slug } = useCurrentOrganisation();
  const jobs = useJobList({
    filter: { project_id: projectId, status: ['AWAITING', 'IN_PROGRESS'] },
    sort: 'date,number',
    page: { number: 1, size: 5 },
  });
  const total = jobs.data?.meta.total ?? 0;
  return (
    <QuerySection
      id="project-jobs"
      title={jobs.data ? `Open jobs (${total})` : 'Open jobs'}
      query={jobs}
      items={jobs.data?.data}
      errorTitle="Could not load the jobs"
      empty="No open jobs on this project."
    >
      {(items) => (
        <Stack gap="xs">
          {items.map((job) => (
            <RecordRow
              key={job.id}
              to={jobPath(slug, job.id)}
              title={jobTitle(job)}
              details={`${job.date ? formatDayShort(job.date) : 'No date'} · ${job.operative?.name ?? 'Nobody assigned'}`}
              badge={<JobStatusBadge status={job.status} />}
            />
          ))}
          <Anchor component={Link} to={projectJobsPath(slug, projectId)} size="sm">
            All jobs of this project
          </Anchor>
        </Stack>
      )}
    </QuerySection>
  );
}

/** GET /projects/{id}/activity: the project's, its jobs' and sheets' latest changes (managers). */
function ProjectActivity({ projectId }: { projectId: string }) {
  const session = useSession();
  const manager = isAtLeastRole('MANAGER', session) && !currentMembership(session).guest;
  const activity = useQuery({
    queryKey: [...resourceQueryKey(session.organisationId, 'jobs'), 'project-activity', projectId],
    queryFn: () => projectsApi.getPart<ProjectActivityEntry[]>(projectId, 'activity'),
    enabled: manager,
  });
  if (!manager) return null;
  return (
    <ActivityTimeline
      id="project-activity"
      title="Recent activity"
      query={activity}
      errorTitle="Could not load the activity"
      renderEntry={(entry) => ({
        title: projectActivityLine(entry),
        body: (
          <ActivityMeta>
            {formatDateTime(entry.performed_at)}
            {entry.performed_by_name && ` · ${entry.performed_by_name}`}
          </ActivityMeta>
        ),
      })}
    />
  );
}
