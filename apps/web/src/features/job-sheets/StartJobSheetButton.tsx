import type { Job, JobSheet } from '@fieldwork/contract';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconClipboardPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { notifyFailure } from '../../ui/feedback/notify';
import { fillJobSheetPath } from './job-sheet-paths';
import { jobSheetsApi, useCreateJobSheet } from './job-sheets-api';

type StartableJob = Pick<Job, 'id' | 'form_ids' | 'form_names'> &
  Partial<Pick<Job, 'job_sheet_count'>>;

/** The job's sheets still being filled in, newest first. */
const sheetsInProgress = async (jobId: string) =>
  (
    await jobSheetsApi.list({
      filter: { job_id: jobId, status: 'IN_PROGRESS' },
      sort: '-seq_number',
      page: 'all',
    })
  ).data;

/** The newest of these sheets that fills in this form, if any. */
const inProgressOf = (sheets: readonly JobSheet[], formId: string): string | null =>
  sheets.find((sheet) => sheet.form_id === formId || sheet.project_form_id === formId)?.id ?? null;

/**
 * "Start ⟨form⟩" on a job, or "Resume ⟨form⟩" when a sheet of that form is already in progress:
 * opens that sheet (checked again on the click), and starts one only when there is none. "Add
 * another ⟨form⟩" starts a second sheet on purpose. A job without sheets asks nothing. A job of
 * several forms offers the same per form in one menu.
 */
export function StartJobSheetButton({ job }: { job: StartableJob }) {
  const organisation = useCurrentOrganisation();
  const { organisationId } = useSession();
  const hasSheets = (job.job_sheet_count ?? 1) > 0;
  const inProgress = useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'job_sheets'), 'in-progress', job.id],
    queryFn: () => sheetsInProgress(job.id),
    enabled: hasSheets && job.form_ids.length > 0,
  });
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
      const resume = inProgressOf(await sheetsInProgress(job.id), formId);
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
  const names = job.form_ids.map((formId, index) => job.form_names[index] ?? 'sheet');
  // Long form names wrap instead of being cut off on a phone.
  const wrap = {
    label: { whiteSpace: 'normal' as const },
    root: { height: 'auto', minHeight: 30 },
  };
  if (job.form_ids.length === 1) {
    const formId = job.form_ids[0] ?? '';
    const resumes = inProgressOf(inProgress.data ?? [], formId) !== null;
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="xs"
          styles={wrap}
          leftSection={<IconClipboardPlus size={14} />}
          loading={busy}
          onClick={() => void start(formId)}
        >
          {resumes ? 'Resume' : 'Start'} {names[0]}
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
  // Several forms: one menu, each form's item worded as the single-form button is.
  const resumable = job.form_ids.map(
    (formId) => inProgressOf(inProgress.data ?? [], formId) !== null,
  );
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" leftSection={<IconClipboardPlus size={14} />} loading={busy}>
          {resumable.some(Boolean) ? 'Resume or start sheet' : 'Start sheet'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {job.form_ids.map((formId, index) => (
          <Menu.Item key={formId} onClick={() => void start(formId)}>
            {resumable[index] ? 'Resume' : 'Start'} {names[index]}
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
