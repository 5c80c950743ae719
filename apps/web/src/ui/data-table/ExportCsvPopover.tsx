import { Button, Popover, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { startExport, type ExportRequest } from '../../api/exports';
import { BuildProgress } from '../builds/BuildProgress';
import { useBuild } from '../builds/use-build';
import { FormErrorAlert } from '../forms/FormErrorAlert';

/**
 * POST /exports/{plural}_csv with a list's filters and sort, then follows the build of the file
 * in a popover: its progress, then the download. `plural` names both the export (e.g. "projects"
 * → projects_csv) and what the popover speaks of. Loaded on the first click of the button
 * (ExportCsvButton), it starts that first export as it opens; a closed popover (or a page left)
 * hears of the finished file through a notification.
 */
export function ExportCsvPopover({
  plural,
  exportRequest,
}: {
  plural: string;
  exportRequest: ExportRequest;
}) {
  const [opened, setOpened] = useState(true);
  const watched = useRef(true);
  watched.current = opened;
  const exportCsv = useBuild(() => startExport(`${plural}_csv`, exportRequest), {
    isWatched: () => watched.current,
  });
  const { build } = exportCsv;
  const firstStart = useRef<(() => void) | null>(exportCsv.start);
  useEffect(() => {
    watched.current = true;
    firstStart.current?.(); // once, also when React mounts it twice (StrictMode)
    firstStart.current = null;
    return () => {
      watched.current = false;
    };
  }, []);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={320}
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportCsv.starting}
          aria-haspopup="dialog"
          onClick={() => {
            setOpened(true);
            exportCsv.start();
          }}
        >
          Export CSV
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Export of ${plural}`} role="dialog">
        <Text size="sm" fw={600} mb="xs">
          Export of {plural}
        </Text>
        {exportCsv.startError ? (
          <FormErrorAlert
            message={`Could not export ${plural}: ${errorMessage(exportCsv.startError)}`}
          />
        ) : build ? (
          <BuildProgress
            build={build}
            url={exportCsv.url}
            onRetry={exportCsv.start}
            retrying={exportCsv.starting}
          />
        ) : (
          <Text size="sm" c="dimmed" role="status">
            Starting the export…
          </Text>
        )}
        {build && (build.status === 'QUEUED' || build.status === 'RUNNING') && (
          <Text size="xs" c="dimmed" mt="xs">
            You can close this: you will be told when the file is ready.
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
