import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCollectionPermissions } from '../../api/resource-hooks';
import { ExportCsvButton } from '../../ui/data-table/ExportCsvButton';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { MountWhenOpened, lazyComponent } from '../../ui/lazy-component';
import { PageHeader } from '../../ui/PageHeader';
import { CsvImportButton } from '../../ui/csv-import/CsvImportButton';
import { JobBulkBar } from './bulk/JobBulkBar';
import { JobFilters } from './JobFilters';
import { readJobsView, type JobsView } from './job-list-params';
import { jobCount, jobsApi, useJobList } from './jobs-api';
import { JobsTable } from './JobsTable';
import { PlansView } from './plans/PlansView';
import { VisitsView } from './plans/VisitsView';
import { useJobListState } from './use-job-list-state';
import { useInvalidateJobs } from './use-invalidate-jobs';

// The board (with dnd-kit) and the job form load when first wanted.
const JobsBoard = lazyComponent(() => import('./board/JobsBoard'), 'JobsBoard');
const JobFormModal = lazyComponent(() => import('./JobFormModal'), 'JobFormModal');

const VIEWS: { value: JobsView; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'board', label: 'Board' },
  { value: 'plans', label: 'Plans' },
  { value: 'visits', label: 'Visits' },
];

/** /organisations/{slug}/jobs: the jobs as a list or a week board, filtered from the URL. */
export function JobsPage() {
  const list = useJobListState();
  // Whoever may create jobs manages them (the server's answer, not a copy of its roles). The list
  // and board load jobs, whose answers carry it (and a changed role with the next load).
  const { view } = list.params;
  const loadsJobs = view === 'list' || view === 'board';
  const manages = useCollectionPermissions(jobsApi, { ask: !loadsJobs }).data?.create === true;
  const [creating, setCreating] = useState(false);
  const reload = useInvalidateJobs();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Jobs"
        description={manages ? 'Work sent to operatives, by day.' : 'The jobs given to you.'}
        actions={
          manages && (
            <>
              <ExportCsvButton plural="jobs" exportRequest={list.exportRequest} />
              <CsvImportButton
                kind="jobs_csv"
                title="Import jobs"
                noun={jobCount}
                onImported={() => void reload()}
              />
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New job
              </Button>
            </>
          )
        }
      />
      <SegmentedControl
        aria-label="View"
        data={VIEWS}
        value={list.params.view}
        onChange={(view) => list.update({ view: readJobsView(view) })}
        w={{ base: '100%', xs: 400 }}
      />
      <JobsPageView list={list} manages={manages} onCreate={() => setCreating(true)} />
      <MountWhenOpened opened={creating}>
        <JobFormModal
          target={creating ? { mode: 'create' } : null}
          onClose={() => setCreating(false)}
        />
      </MountWhenOpened>
    </Stack>
  );
}

/** The chosen view: the filtered list or board of jobs, or the day's plans, or the visits. */
function JobsPageView({
  list,
  manages,
  onCreate,
}: {
  list: ReturnType<typeof useJobListState>;
  manages: boolean;
  onCreate: () => void;
}) {
  const { view } = list.params;
  if (view === 'plans') return <PlansView />;
  if (view === 'visits') return <VisitsView />;
  return (
    <>
      <JobFilters list={list} showOperative={manages} />
      {view === 'board' ? (
        <JobsBoard list={list} />
      ) : (
        <JobList list={list} onCreate={manages ? onCreate : undefined} />
      )}
    </>
  );
}

function JobList({
  list,
  onCreate,
}: {
  list: ReturnType<typeof useJobListState>;
  onCreate?: () => void;
}) {
  const jobs = useJobList(list.query);
  return (
    <RecordListView
      list={list}
      result={jobs}
      plural="jobs"
      empty={{
        icon: <IconClipboardList size={32} />,
        title: 'No jobs yet',
        description: onCreate
          ? 'Send an operative a job on a project: where, when, and the forms to fill in.'
          : 'Jobs given to you will show here.',
        action: onCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            New job
          </Button>
        ),
      }}
    >
      {(rows, selection) => (
        <>
          {onCreate && selection.ids.length > 0 && (
            <JobBulkBar
              jobs={(rows ?? []).filter((job) => selection.isSelected(job.id))}
              onDone={selection.clear}
            />
          )}
          <JobsTable
            jobs={rows}
            sort={list.params.sort}
            onSort={list.sortBy}
            selection={onCreate ? selection : undefined}
          />
        </>
      )}
    </RecordListView>
  );
}
