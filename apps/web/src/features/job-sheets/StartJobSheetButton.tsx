import type { Job } from '@fieldwork/contract';
import { Button, Menu } from '@mantine/core';
import { IconClipboardPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { notifyFailure } from '../../ui/feedback/notify';
import { fillJobSheetPath } from './job-sheet-paths';
import { useCreateJobSheet } from './job-sheets-api';

/** Starts a sheet on a job with one of its forms, then opens it to fill in. */
export function StartJobSheetButton({ job }: { job: Pick<Job, 'id' | 'form_ids' | 'form_names'> }) {
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  const create = useCreateJobSheet();
  const start = (formId: string) =>
    create.mutate(
      { job_id: job.id, form_id: formId },
      {
        onSuccess: (sheet) => void navigate(fillJobSheetPath(organisation.slug, sheet.id)),
        onError: (error) => notifyFailure('Could not start the job sheet', error),
      },
    );
  if (job.form_ids.length === 0) return null;
  if (job.form_ids.length === 1)
    return (
      <Button
        size="xs"
        leftSection={<IconClipboardPlus size={14} />}
        loading={create.isPending}
        onClick={() => start(job.form_ids[0] ?? '')}
      >
        Start {job.form_names[0] ?? 'sheet'}
      </Button>
    );
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" leftSection={<IconClipboardPlus size={14} />} loading={create.isPending}>
          Start sheet
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {job.form_ids.map((formId, index) => (
          <Menu.Item key={formId} onClick={() => start(formId)}>
            {job.form_names[index] ?? formId}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
