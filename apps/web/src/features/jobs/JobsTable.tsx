import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordTable } from '../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../ui/data-table/RecordTable';
import type { SortState } from '../../ui/data-table/sorting';
import type { RowSelection } from '../../ui/data-table/use-row-selection';
import { formatDayShort } from './calendar-days';
import type { JobSortColumn } from './job-list-params';
import { jobPath } from './job-paths';
import { JobStatusBadge } from './job-status';
import type { ListedJob } from './jobs-api';
import { jobTitle } from './jobs-api';

type JobRow = ListedJob & { name: string };

const dimmed = (text: string) => (
  <Text span c="dimmed" size="sm">
    {text}
  </Text>
);

function JobLink({ job }: { job: JobRow }) {
  const { slug } = useCurrentOrganisation();
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={jobPath(slug, job.id)} size="sm" fw={500}>
        {job.name}
      </Anchor>
      {/* On a phone the project and operative sit under the job's name. */}
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        {[job.project?.name, job.operative?.name ?? 'Unassigned'].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

const COLUMNS: RecordColumn<JobRow, JobSortColumn>[] = [
  { sort: 'number', header: 'Job', cell: (job) => <JobLink job={job} /> },
  { sort: 'status', header: 'Status', cell: (job) => <JobStatusBadge status={job.status} /> },
  {
    sort: 'date',
    header: 'Date',
    cell: (job) => (job.date ? formatDayShort(job.date) : dimmed('No date')),
  },
  {
    header: 'Project',
    visibleFrom: 'sm',
    cell: (job) => job.project?.name ?? dimmed('—'),
  },
  {
    header: 'Operative',
    visibleFrom: 'sm',
    cell: (job) => job.operative?.name ?? dimmed('Unassigned'),
  },
];

export function JobsTable({
  jobs,
  sort,
  onSort,
  selection,
}: {
  jobs: ListedJob[] | undefined;
  sort: SortState<JobSortColumn>;
  onSort: (column: JobSortColumn) => void;
  /** Checkboxes for the bulk transitions (managers). */
  selection?: RowSelection;
}) {
  return (
    <RecordTable<JobRow, JobSortColumn>
      rows={jobs?.map((job) => ({ ...job, name: jobTitle(job) }))}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      selection={selection && { rows: selection, plural: 'jobs' }}
      // Job, status and date fit a phone (390 px); project and operative join from "sm" up.
      minWidth={340}
    />
  );
}
