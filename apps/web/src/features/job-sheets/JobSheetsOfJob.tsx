import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { jobSheetPath } from './job-sheet-paths';
import { useJobSheetList } from './job-sheets-api';
import { SheetStatusBadge } from './SheetStatusBadge';

/** The sheets of one job (on the job's page), newest first. */
export function JobSheetsOfJob({ jobId }: { jobId: string }) {
  const { slug } = useCurrentOrganisation();
  const sheets = useJobSheetList({ filter: { job_id: jobId }, sort: '-seq_number', page: 'all' });
  const rows = sheets.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="xs">
        Job sheets
      </Title>
      {sheets.isError ? (
        <Text size="sm" c="red">
          Could not load the job's sheets.
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {sheets.isPending ? 'Loading…' : 'No sheets yet.'}
        </Text>
      ) : (
        <Stack gap={6}>
          {rows.map((sheet) => (
            <Group key={sheet.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={jobSheetPath(slug, sheet.id)} size="sm">
                Sheet {sheet.number} · {sheet.form_name}
              </Anchor>
              <SheetStatusBadge size="sm" status={sheet.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
