import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import type { ExportRequest } from '../../api/exports';
import { lazyComponent } from '../lazy-component';

const ExportCsvPopover = lazyComponent(() => import('./ExportCsvPopover'), 'ExportCsvPopover');

/**
 * "Export CSV" of a list (clients, jobs, projects) with its filters and sort: the first click
 * loads the export's popover (progress, then the download), which starts the export at once.
 */
export function ExportCsvButton({
  plural,
  exportRequest,
}: {
  plural: string;
  exportRequest: ExportRequest;
}) {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={wanted}
      onClick={() => setWanted(true)}
    >
      Export CSV
    </Button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ExportCsvPopover plural={plural} exportRequest={exportRequest} />
    </Suspense>
  );
}
