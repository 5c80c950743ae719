import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { MountWhenOpened, lazyComponent } from '../../ui/lazy-component';
import type { ReportSelection } from './reports-api';

const ExportReportModal = lazyComponent(() => import('./ExportReportModal'), 'ExportReportModal');

/** "Export": a report (PDF or Excel) of a job, a job sheet, a list of sheets or a project. */
export function ExportReportButton({
  selection,
  what,
  label = 'Export',
}: {
  selection: ReportSelection;
  what: string;
  label?: string;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      <MountWhenOpened opened={opened}>
        <ExportReportModal
          opened={opened}
          onClose={() => setOpened(false)}
          selection={selection}
          what={what}
        />
      </MountWhenOpened>
    </>
  );
}
