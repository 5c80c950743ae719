import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportRequest } from '../../../api/exports';
import { notifyFailure } from '../../../ui/feedback/notify';
import { useExportProjectsCsv } from '../projects-api';

/** POST /exports/projects_csv with the list's filters and sort, then download the signed URL. */
export function ExportProjectsButton({ exportRequest }: { exportRequest: ExportRequest }) {
  const exportCsv = useExportProjectsCsv();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(exportRequest, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => notifyFailure('Could not export projects', error),
        })
      }
    >
      Export CSV
    </Button>
  );
}
