import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportRequest } from '../../api/exports';
import { notifyFailure } from '../../ui/feedback/notify';
import { useExportClientsCsv } from './clients-api';

/** POST /exports/clients_csv with the current filter and sort, then download the signed URL. */
export function ExportClientsButton({ exportRequest }: { exportRequest: ExportRequest }) {
  const exportCsv = useExportClientsCsv();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(exportRequest, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => notifyFailure('Could not export clients', error),
        })
      }
    >
      Export CSV
    </Button>
  );
}
