import type { Report } from '@fieldwork/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  CopyButton,
  Group,
  Pagination,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconFileAnalytics,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceQueryKey } from '../../api/resource-hooks';
import { PlainTable } from '../../ui/data-table/PlainTable';
import { BUILD_STATUS_LABELS, formatFileSize, isBuildFinished } from '../../ui/builds/build-status';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { useSession } from '../../session/use-session';
import { FORMAT_LABELS, rebuildReport, reportsApi } from './reports-api';

const STATUS_COLORS: Record<Report['status'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  READY: 'green',
  FAILED: 'red',
  EXPIRED: 'gray',
};

/** /organisations/{slug}/reports: the reports the user asked for (managers: everyone's), newest first. */
export function ReportsPage() {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const key = resourceQueryKey(organisationId, 'reports');
  const reports = useQuery({
    queryKey: [...key, 'list', page],
    queryFn: () => reportsApi.list({ sort: '-created_at', page: { number: page, size: 25 } }),
    // while one is building, look again now and then
    refetchInterval: (query) =>
      query.state.data?.data.some((report) => !isBuildFinished(report)) ? 3000 : false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const rebuild = useMutation({
    mutationFn: rebuildReport,
    onSuccess: () => {
      notifySuccess('Building the report again');
      void refresh();
    },
    onError: (error) => notifyFailure('Could not rebuild the report', error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => reportsApi.remove(id),
    onSuccess: () => {
      notifySuccess('Report deleted');
      void refresh();
    },
    onError: (error) => notifyFailure('Could not delete the report', error),
  });

  if (reports.isError)
    return <QueryErrorState title="Could not load the reports" query={reports} />;
  const rows = reports.data?.data;
  const lastPage = reports.data?.meta.last_page ?? 1;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Reports"
        description="PDF and Excel reports of jobs and job sheets. Files are kept for a week, then removed."
      />
      {rows && rows.length === 0 ? (
        <ListEmptyState
          icon={<IconFileAnalytics />}
          title="No reports yet"
          description="Use Export on a job, a job sheet, the job sheets list or a project."
        />
      ) : (
        <PlainTable
          rows={rows ?? []}
          minWidth={0}
          highlightOnHover
          columns={[
            {
              header: 'Report',
              cell: (report) => (
                <Stack gap={2}>
                  {report.status === 'READY' && report.file ? (
                    <Anchor href={report.file.url} download={report.file.name} fw={500}>
                      {report.name}
                    </Anchor>
                  ) : (
                    <Text fw={500}>{report.name}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {FORMAT_LABELS[report.format]}
                    {report.description ? ` · ${report.description}` : ''}
                    {report.user ? ` · ${report.user.name}` : ''}
                  </Text>
                </Stack>
              ),
            },
            {
              header: 'Status',
              cell: (report) => (
                <Stack gap={4}>
                  <Badge
                    color={STATUS_COLORS[report.status]}
                    variant="light"
                    styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                  >
                    {BUILD_STATUS_LABELS[report.status]}
                  </Badge>
                  {report.status === 'FAILED' && report.exception && (
                    <Text size="xs" c="red">
                      {report.exception}
                    </Text>
                  )}
                  {report.status === 'RUNNING' && report.progress.total ? (
                    <Text size="xs" c="dimmed">
                      {report.progress.done} of {report.progress.total} job sheets
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              header: 'Size',
              visibleFrom: 'sm',
              cell: (report) => (report.file ? formatFileSize(report.file.size) : '—'),
            },
            {
              header: 'Asked for',
              visibleFrom: 'md',
              cell: (report) => formatDateTime(report.created_at),
            },
            {
              header: 'Available until',
              visibleFrom: 'sm',
              cell: (report) =>
                report.expires_at && report.status === 'READY'
                  ? formatDateTime(report.expires_at)
                  : '—',
            },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (report) => (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {report.status === 'READY' && report.file && (
                    <CopyButton value={report.file.url}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? 'Link copied' : 'Copy link'}>
                          <ActionIcon variant="subtle" aria-label="Copy link" onClick={copy}>
                            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  )}
                  {isBuildFinished(report) && (
                    <Tooltip label="Build it again">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Rebuild ${report.name}`}
                        loading={rebuild.isPending && rebuild.variables?.id === report.id}
                        onClick={() => rebuild.mutate(report)}
                      >
                        <IconRefresh size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${report.name}`}
                      loading={remove.isPending && remove.variables === report.id}
                      onClick={() => remove.mutate(report.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
      )}
      {lastPage > 1 && <Pagination value={page} onChange={setPage} total={lastPage} />}
    </Stack>
  );
}
