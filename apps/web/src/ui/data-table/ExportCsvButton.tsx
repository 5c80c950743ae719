import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useExport, type ExportRequest } from '../../api/exports';
import { notifyFailure } from '../feedback/notify';

/**
 * POST /exports/{plural}_csv with a list's filters and sort, then download the signed URL.
 * `plural` names both the export (e.g. "projects" → projects_csv) and the failure message.
 */
export function ExportCsvButton({
  plural,
  exportRequest,
}: {
  plural: string;
  exportRequest: ExportRequest;
}) {
  const exportCsv = useExport(`${plural}_csv`);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(exportRequest, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => notifyFailure(`Could not export ${plural}`, error),
        })
      }
    >
      Export CSV
    </Button>
  );
}
