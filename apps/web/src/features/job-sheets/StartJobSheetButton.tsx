import type { Job } from '@fieldwork/contract';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconClipboardPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { notifyFailure } from '../../ui/feedback/notify';
import { fillJobSheetPath } from './job-sheet-paths';
import { jobSheetsApi, useCreateJobSheet } from './job-sheets-api';

type StartableJob = Pick<Job, 'id' | 'form_ids' | 'form_names'> &
  Partial<Pick<Job, 'job_sheet_count'>>;

/** The newest sheet of this job and form still being filled in, if any. */
async function sheetInProgress(jobId: string, formId: string): Promise<string | null> {
  const answer = await jobSheetsApi.list({
    filter: { job_id: jobId, status: 'IN_PROGRESS' },
    sort: '-seq_number',
    page: 'all',
  });
  const sheet = answer.data.find(
    (candidate) => candidate.form_id === formId || candidate.project_form_id === formId,
  );
  return sheet?.id ?? null;
}

/**
 * "Start ⟨form⟩" on a job: opens the sheet of that form already in progress (resume), and starts
 * one only when there is none. "Add another ⟨form⟩" starts a second sheet on purpose.
 */
export function StartJobSheetButton({ job }: { job: StartableJob }) {
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  const create = useCreateJobSheet();
  const [finding, setFinding] = useState(false);
  const open = (sheetId: string) => void navigate(fillJobSheetPath(organisation.slug, sheetId));
  const startNew = (formId: string) =>
    create.mutate(
      { job_id: job.id, form_id: formId },
      {
        onSuccess: (sheet) => open(sheet.id),
        onError: (error) => notifyFailure('Could not start the job sheet', error),
      },
    );
  const start = async (formId: string) => {
    setFinding(true);
    try {
      const resume = await sheetInProgress(job.id, formId);
      if (resume) open(resume);
      else startNew(formId);
    } catch (error) {
      notifyFailure('Could not start the job sheet', error);
    } finally {
      setFinding(false);
    }
  };
  if (job.form_ids.length === 0) return null;
  const busy = finding || create.isPending;
  const hasSheets = (job.job_sheet_count ?? 1) > 0;
  const names = job.form_ids.map((formId, index) => job.form_names[index] ?? 'sheet');
  // Long form names wrap instead of being cut off on a phone.
  const wrap = {
    label: { whiteSpace: 'normal' as const },
    root: { height: 'auto', minHeight: 30 },
  };
  if (job.form_ids.length === 1) {
    const formId = job.form_ids[0] ?? '';
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="xs"
          styles={wrap}
          leftSection={<IconClipboardPlus size={14} />}
          loading={busy}
          onClick={() => void start(formId)}
        >
          Start {names[0]}
        </Button>
        {hasSheets && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                px={6}
                aria-label={`More ways to start ${names[0]}`}
              >
                <IconChevronDown size={14} />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => startNew(formId)}>Add another {names[0]}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    );
  }
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" leftSection={<IconClipboardPlus size={14} />} loading={busy}>
          Start sheet
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {job.form_ids.map((formId, index) => (
          <Menu.Item key={formId} onClick={() => void start(formId)}>
            {names[index]}
          </Menu.Item>
        ))}
        {hasSheets && (
          <>
            <Menu.Divider />
            {job.form_ids.map((formId, index) => (
              <Menu.Item key={`another-${formId}`} onClick={() => startNew(formId)}>
                Add another {names[index]}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
