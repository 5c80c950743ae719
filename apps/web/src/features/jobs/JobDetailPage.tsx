import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { organisationPath } from '../../app/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { DetailFrame, Fact } from '../../ui/DetailFrame';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { MountWhenOpened, lazyComponent } from '../../ui/lazy-component';
import { PageHeader } from '../../ui/PageHeader';
import { attributeText } from './attribute-display';
import { formatDayLong } from './calendar-days';
import { DeleteJobButton } from './DeleteJobButton';
import { useJobAttributes } from './use-job-attributes';
import { useVisit, visitLabel } from './job-visits';
import { failureText } from './job-failure';
import { JobStatusBadge } from './job-status';
import { canTake } from './job-transitions';
import { JobTimeline } from './JobTimeline';
import { JobTransitions } from './JobTransitions';
import { jobTitle, useJob, useJobAction, type ListedJob } from './jobs-api';
import { JobSheetsOfJob, StartJobSheetButton } from '../job-sheets';
import { EditButton } from '../../ui/EditButton';
import { ExportReportButton } from '../reports';

const JobFormModal = lazyComponent(() => import('./JobFormModal'), 'JobFormModal');

/** /organisations/{slug}/jobs/{jobId}: a job's details, its transitions, device lock and timeline. */
export function JobDetailPage() {
  const { jobId = '' } = useParams();
  const organisation = useCurrentOrganisation();
  const job = useJob(jobId);
  const [editing, setEditing] = useState(false);
  return (
    <DetailFrame
      back={{ to: organisationPath(organisation.slug, 'jobs'), label: 'All jobs' }}
      query={job}
      noun="job"
      header={(data) => (
        <PageHeader
          title={jobTitle(data)}
          description={
            <Group gap="xs" component="span">
              <JobStatusBadge status={data.status} />
              {data.project?.name}
            </Group>
          }
          actions={
            <>
              <JobTransitions job={data} />
              <StartJobSheetButton job={data} />
              <ExportReportButton
                selection={{ kind: 'job', jobId: data.id }}
                what={jobTitle(data)}
              />
              <DeleteJobButton job={data} />
              {data.permissions?.update && <EditButton onClick={() => setEditing(true)} />}
            </>
          }
        />
      )}
      banner={(data) => data.locked_by_device_id && <DeviceLock job={data} />}
      columns={[
        { span: 7, content: (data) => <JobFacts job={data} />, skeleton: 240 },
        {
          span: 5,
          content: (
            <Stack gap="md">
              <JobSheetsOfJob jobId={jobId} />
              <JobTimeline jobId={jobId} />
            </Stack>
          ),
        },
      ]}
    >
      <MountWhenOpened opened={editing}>
        <JobFormModal
          target={editing && job.data ? { mode: 'edit', record: job.data } : null}
          onClose={() => setEditing(false)}
        />
      </MountWhenOpened>
    </DetailFrame>
  );
}

/** Locked by a device: by whom and since when, and (for a manager) the override. */
function DeviceLock({ job }: { job: ListedJob }) {
  const action = useJobAction();
  const release = () =>
    action.mutate(
      { id: job.id, action: 'unlock' },
      {
        onSuccess: () => notifySuccess(`${jobTitle(job)} released`),
        onError: (error) =>
          notifyFailure('The lock was not released', new Error(failureText(error))),
      },
    );
  return (
    <Alert color="yellow" icon={<IconLock size={18} />} title="Locked to a device">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {job.locked_by_user_name ?? 'Someone'}&apos;s device took this job
          {job.locked_at && ` on ${formatDateTime(job.locked_at)}`}. Changes wait until it is
          released.
        </Text>
        {canTake(job, 'unlock') && (
          <Button size="xs" variant="default" loading={action.isPending} onClick={release}>
            Release lock
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** The job's visit: its reference and date (a visit deleted since shows as such). */
function VisitFact({ visitId }: { visitId: string | null }) {
  const visit = useVisit(visitId);
  if (!visitId) return <Fact label="Visit">No visit</Fact>;
  return (
    <Fact label="Visit">
      {visit.data
        ? `${visitLabel(visit.data)}${visit.data.deleted_at ? ' (deleted)' : ''}`
        : visit.isError
          ? 'Could not load the visit'
          : 'Loading…'}
    </Fact>
  );
}

function JobFacts({ job }: { job: ListedJob }) {
  const project = job.project as (ListedJob['project'] & { client_name?: string | null }) | null;
  const attributes = useJobAttributes(job.attribute_values.length ? job.project_id : null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="job-details">
      <Stack gap="md">
        <Title order={2} size="h4" id="job-details">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label="Project">{project?.name}</Fact>
          <Fact label="Client">{project?.client_name}</Fact>
          <Fact label="Operative">{job.operative?.name ?? 'Unassigned'}</Fact>
          <Fact label="Date">{job.date ? formatDayLong(job.date) : 'No date'}</Fact>
          <Fact label="Reference">{job.reference}</Fact>
          <VisitFact visitId={job.visit_id} />
          <Fact label="Started">{job.started_at && formatDateTime(job.started_at)}</Fact>
          {job.completed_at && <Fact label="Completed">{formatDateTime(job.completed_at)}</Fact>}
          {job.cancelled_at && <Fact label="Cancelled">{formatDateTime(job.cancelled_at)}</Fact>}
        </SimpleGrid>
        <Fact label="Forms">
          {job.form_names.length ? (
            <Group gap={4}>
              {job.form_names.map((name) => (
                <Badge key={name} variant="light" color="gray">
                  {name}
                </Badge>
              ))}
            </Group>
          ) : (
            'No forms'
          )}
        </Fact>
        <Fact label="Instructions">
          {job.instructions && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {job.instructions}
            </Text>
          )}
        </Fact>
        {job.attribute_values.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {job.attribute_values.map((value) => (
              <Fact key={value.attribute_id} label={value.name}>
                {attributeText(value, attributes.data)}
              </Fact>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
