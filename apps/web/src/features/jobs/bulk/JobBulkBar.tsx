import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { showBulkFailures } from '../../../ui/feedback/bulk-failures';
import { BulkBar } from '../../../ui/data-table/BulkBar';
import { useResourceMutation } from '../../../api/resource-hooks';
import { jobCount } from '../jobs-api';
import type { ListedJob } from '../jobs-api';
import { useOperatives } from '../use-operatives';
import { failureLines, offered, runJobBulk } from './job-bulk';
import type { JobBulkOutcome, JobBulkVariables, JobBulkVerb } from './job-bulk';

const LABEL: Record<JobBulkVerb, string> = {
  start_on_web: 'Start',
  complete: 'Complete',
  cancel: 'Cancel',
  reassign: 'Reassign',
  reschedule: 'Reschedule',
  delete: 'Delete',
};
const DONE: Record<JobBulkVerb, string> = {
  start_on_web: 'Started',
  complete: 'Completed',
  cancel: 'Cancelled',
  reassign: 'Reassigned',
  reschedule: 'Rescheduled',
  delete: 'Deleted',
};
const ORDER: JobBulkVerb[] = [
  'start_on_web',
  'complete',
  'reassign',
  'reschedule',
  'cancel',
  'delete',
];

/**
 * Start, complete, reassign, reschedule, cancel or delete the checked jobs through the _many
 * routes. The answer is shown per job: how many succeeded, and each failure with its reason.
 * Deleting started or completed jobs needs force; refused ones can be deleted anyway when the
 * records' permissions allow it.
 */
export function JobBulkBar({
  jobs,
  onDone,
}: {
  /** The checked rows. */
  jobs: ListedJob[];
  onDone: () => void;
}) {
  const bulk = useResourceMutation(['jobs', 'visits'], runJobBulk);
  const [asking, setAsking] = useState<'reassign' | 'reschedule' | null>(null);
  const ids = jobs.map((job) => job.id);

  const run = (variables: JobBulkVariables) =>
    bulk.mutate(variables, {
      onSuccess: (outcome) => report(outcome, variables),
      onError: (error) => notifyFailure(`${DONE[variables.action]} nothing`, error),
    });

  const report = (outcome: JobBulkOutcome, variables: JobBulkVariables) => {
    setAsking(null);
    onDone();
    const done = DONE[outcome.action];
    if (outcome.succeeded.length) notifySuccess(`${done} ${jobCount(outcome.succeeded.length)}`);
    const forceable =
      outcome.action === 'delete' &&
      !variables.force &&
      jobs.some(
        (job) => outcome.failed.some((f) => f.id === job.id) && job.permissions?.force_delete,
      );
    showBulkFailures({
      title: `${jobCount(outcome.failed.length)} not ${done.toLowerCase()}`,
      intro: outcome.succeeded.length
        ? `${done} ${jobCount(outcome.succeeded.length)}; these were refused:`
        : 'These were refused:',
      failures: failureLines(outcome.failed, jobs),
      onForce: forceable
        ? () => run({ action: 'delete', ids: outcome.failed.map((f) => f.id), force: true })
        : undefined,
    });
  };

  const choose = (verb: JobBulkVerb) => {
    if (verb === 'reassign' || verb === 'reschedule') return setAsking(verb);
    if (verb === 'delete') {
      return confirmDestructive({
        title: `Delete ${jobCount(ids.length)}`,
        message: `Delete ${jobCount(ids.length)} with their job sheets? Started or completed jobs are refused unless you then choose "Delete anyway". This cannot be undone.`,
        confirmLabel: 'Delete',
        onConfirm: () => run({ action: 'delete', ids }),
      });
    }
    if (verb === 'cancel') {
      return confirmDestructive({
        title: `Cancel ${jobCount(ids.length)}`,
        message: `Cancel ${jobCount(ids.length)}? Cancelled jobs cannot be started again.`,
        confirmLabel: 'Cancel jobs',
        onConfirm: () => run({ action: 'cancel', ids }),
      });
    }
    run({ action: verb, ids });
  };

  const verbs = ORDER.filter((verb) => offered(jobs, verb));
  return (
    <BulkBar
      label={`${ids.length} selected`}
      pending={bulk.isPending}
      onClear={onDone}
      none="Nothing you may do to all of these"
      actions={verbs.map((verb) => ({
        key: verb,
        label: LABEL[verb],
        danger: verb === 'delete' || verb === 'cancel',
        onClick: () => choose(verb),
      }))}
    >
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={
          asking === 'reassign'
            ? `Reassign ${jobCount(ids.length)}`
            : `Reschedule ${jobCount(ids.length)}`
        }
      >
        {asking && (
          <AskValue
            kind={asking}
            pending={bulk.isPending}
            onCancel={() => setAsking(null)}
            onSubmit={(body) => run({ action: asking, ids, body })}
          />
        )}
      </Modal>
    </BulkBar>
  );
}

/** The one value reassign (an operative) or reschedule (a date) needs. */
function AskValue({
  kind,
  pending,
  onCancel,
  onSubmit,
}: {
  kind: 'reassign' | 'reschedule';
  pending: boolean;
  onCancel: () => void;
  onSubmit: (body: { operative_id?: string; date?: string }) => void;
}) {
  const operatives = useOperatives();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!value) return setError(kind === 'reassign' ? 'Choose an operative' : 'Choose a date');
    onSubmit(kind === 'reassign' ? { operative_id: value } : { date: value });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {kind === 'reassign' ? (
          <Select
            label="Operative"
            required
            data={operatives.options}
            searchable
            value={value}
            onChange={setValue}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TextInput
            type="date"
            label="Date"
            required
            value={value ?? ''}
            onChange={(event) => setValue(event.currentTarget.value || null)}
            error={error}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {kind === 'reassign' ? 'Reassign' : 'Reschedule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
