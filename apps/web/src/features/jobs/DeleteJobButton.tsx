import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { organisationPath } from '../../app/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { failureText } from './job-failure';
import { jobTitle, useDeleteJob } from './jobs-api';
import type { ListedJob } from './jobs-api';

/** Work happened on a started or completed job: deleting it is a forced deletion. */
const needsForce = (job: ListedJob) => job.status === 'IN_PROGRESS' || job.status === 'COMPLETED';

/** What goes with the job, in the confirmation's words. */
export function deletionMessage(job: ListedJob): string {
  const sheets = job.job_sheet_count;
  const what = sheets
    ? `${jobTitle(job)} and its ${sheets} job sheet${sheets === 1 ? '' : 's'} will be deleted`
    : `${jobTitle(job)} will be deleted`;
  return needsForce(job)
    ? `${what}, although it is ${job.status === 'COMPLETED' ? 'completed' : 'in progress'}: the work recorded on it goes too. This cannot be undone.`
    : `${what}. This cannot be undone.`;
}

/**
 * Delete on the job detail, shown as the record's permissions allow: `delete` for an awaiting or
 * cancelled job, `force_delete` (with ?force=true) for a started or completed one.
 */
export function DeleteJobButton({ job }: { job: ListedJob }) {
  const remove = useDeleteJob();
  const navigate = useNavigate();
  const { slug } = useCurrentOrganisation();
  const force = needsForce(job);
  if (!(force ? job.permissions?.force_delete : job.permissions?.delete)) return null;

  const confirm = () =>
    confirmDestructive({
      title: `Delete ${jobTitle(job)}`,
      message: deletionMessage(job),
      confirmLabel: force ? 'Delete anyway' : 'Delete',
      // mutateAsync, not mutate's callbacks: once the jobs are refetched the deleted job's page
      // shows "not found" and unmounts this button, and mutate's callbacks would never run.
      onConfirm: () =>
        void remove.mutateAsync({ id: job.id, force }).then(
          () => {
            notifySuccess(`${jobTitle(job)} deleted`);
            void navigate(organisationPath(slug, 'jobs'));
          },
          (error: unknown) =>
            notifyFailure(`${jobTitle(job)} was not deleted`, new Error(failureText(error))),
        ),
    });

  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} />}
      loading={remove.isPending}
      onClick={confirm}
    >
      Delete
    </Button>
  );
}
