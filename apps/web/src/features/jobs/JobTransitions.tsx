import { jobReassignSchema, jobRescheduleSchema } from '@fieldwork/contract';
import { Button, Group, List, Modal, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { recordEvent } from '../../analytics/events';
import { modals } from '../../ui/feedback/modals';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { loadFormsWithoutSheets } from '../job-sheets';
import { ModalForm } from '../../ui/forms/ModalForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { failureText } from './job-failure';
import { availableActions } from './job-transitions';
import { jobTitle, useJobAction } from './jobs-api';
import type { JobAction, ListedJob } from './jobs-api';
import { useOperatives } from './use-operatives';
import { closeAfter } from '../../ui/forms/close-after';

const LABEL: Record<JobAction, string> = {
  start_on_web: 'Start',
  complete: 'Complete',
  reschedule: 'Reschedule',
  reassign: 'Reassign',
  recall: 'Recall',
  cancel: 'Cancel job',
  unlock: 'Release lock',
};
const DONE: Record<JobAction, string> = {
  start_on_web: 'started',
  complete: 'completed',
  reschedule: 'rescheduled',
  reassign: 'reassigned',
  recall: 'recalled',
  cancel: 'cancelled',
  unlock: 'released',
};

/** The job's transitions the caller may take now, as buttons (reassign and reschedule ask first). */
export function JobTransitions({ job }: { job: ListedJob }) {
  const action = useJobAction();
  const [asking, setAsking] = useState<'reassign' | 'reschedule' | null>(null);
  const actions = availableActions(job).filter((item) => item !== 'unlock');

  const take = (name: JobAction) =>
    action.mutate(
      { id: job.id, action: name },
      {
        onSuccess: () => {
          if (name === 'recall') recordEvent('Job Recalled', { job_id: job.id });
          notifySuccess(`${jobTitle(job)} ${DONE[name]}`);
        },
        onError: (error) =>
          notifyFailure(`${jobTitle(job)} was not ${DONE[name]}`, new Error(failureText(error))),
      },
    );

  // Completing with forms that have no submitted sheet asks first, naming them (the server then
  // refuses or notes it, per the organisation's setting: docs/jobs.md).
  const complete = async () => {
    let missing: string[] = [];
    try {
      missing = await loadFormsWithoutSheets(job);
    } catch {
      // The sheets did not load: the server's own rule still applies.
    }
    if (!missing.length) return take('complete');
    modals.openConfirmModal({
      title: 'Complete without job sheets?',
      children: (
        <>
          <Text size="sm">These forms have no submitted job sheet on this job:</Text>
          <List size="sm" my="xs">
            {missing.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Completing now is recorded in the job’s history.
          </Text>
        </>
      ),
      labels: { confirm: 'Complete anyway', cancel: 'Not yet' },
      onConfirm: () => take('complete'),
    });
  };

  if (!actions.length) return null;
  return (
    <Group gap="xs">
      {actions.map((name) => (
        <Button
          key={name}
          size="sm"
          variant={
            name === 'cancel'
              ? 'light'
              : name === 'start_on_web' || name === 'complete'
                ? 'filled'
                : 'default'
          }
          color={name === 'cancel' ? 'red' : undefined}
          loading={action.isPending && action.variables?.action === name}
          onClick={() =>
            name === 'reassign' || name === 'reschedule'
              ? setAsking(name)
              : name === 'complete'
                ? void complete()
                : take(name)
          }
        >
          {LABEL[name]}
        </Button>
      ))}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'reassign' ? 'Reassign job' : 'Reschedule job'}
      >
        {asking === 'reassign' && <ReassignForm job={job} onDone={() => setAsking(null)} />}
        {asking === 'reschedule' && <RescheduleForm job={job} onDone={() => setAsking(null)} />}
      </Modal>
    </Group>
  );
}

function ReassignForm({ job, onDone }: { job: ListedJob; onDone: () => void }) {
  const action = useJobAction();
  const operatives = useOperatives();
  const form = useZodForm(jobReassignSchema, { operative_id: job.operative_id ?? '' });
  return (
    <ModalForm
      onSubmit={form.submit((body) =>
        action.mutate(
          { id: job.id, action: 'reassign', body },
          closeAfter(`${jobTitle(job)} reassigned`, onDone, form),
        ),
      )}
      formError={form.formError}
      submitLabel="Reassign"
      pending={action.isPending}
      onCancel={onDone}
    >
      <Select
        label="Operative"
        required
        data={operatives.options}
        searchable
        comboboxProps={{ withinPortal: true }}
        {...form.bind('operative_id')}
      />
    </ModalForm>
  );
}

function RescheduleForm({ job, onDone }: { job: ListedJob; onDone: () => void }) {
  const action = useJobAction();
  const form = useZodForm(jobRescheduleSchema, { date: job.date ?? '' });
  return (
    <ModalForm
      onSubmit={form.submit((body) =>
        action.mutate(
          { id: job.id, action: 'reschedule', body },
          closeAfter(`${jobTitle(job)} rescheduled`, onDone, form),
        ),
      )}
      formError={form.formError}
      submitLabel="Reschedule"
      pending={action.isPending}
      onCancel={onDone}
    >
      <TextInput type="date" label="Date" required {...form.bind('date')} />
    </ModalForm>
  );
}
