import { JOB_SHEET_STATUSES } from '@fieldwork/contract';
import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { formatRelative } from '../../../ui/format-time';
import { QuerySection } from '../../../ui/QuerySection';
import { RecordRow, WholeBadge } from '../../../ui/RecordRow';
import { jobSheetPath, jobSheetsPath } from '../job-sheet-paths';
import { useJobSheetList } from '../job-sheets-api';
import { STATUS_COLORS, STATUS_LABELS } from '../sheet-display';
import { useProjectSheetCounts } from './project-sheets-api';

/** The job sheets list filtered to a project (and a status): its address keeps the filters. */
export const projectSheetsPath = (slug: string, projectId: string, status?: string) =>
  `${jobSheetsPath(slug)}?${new URLSearchParams({
    project_id: projectId,
    ...(status ? { status } : {}),
  }).toString()}`;

/** A project's job sheets by status: one tile each, opening the list filtered to it. */
export function ProjectSheetCounts({ projectId }: { projectId: string }) {
  const { slug } = useCurrentOrganisation();
  const counts = useProjectSheetCounts(projectId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="project-sheets">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="project-sheets">
            Job sheets
          </Title>
          <Anchor component={Link} to={projectSheetsPath(slug, projectId)} size="sm">
            All job sheets
          </Anchor>
        </Group>
        {counts.isError ? (
          <QueryErrorState title="Could not count the job sheets" query={counts} />
        ) : !counts.data ? (
          <Skeleton h={64} radius="md" />
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" component="ul" m={0} p={0}>
            {JOB_SHEET_STATUSES.map((status) => (
              <li key={status} style={{ listStyle: 'none' }}>
                <UnstyledButton
                  component={Link}
                  to={projectSheetsPath(slug, projectId, status)}
                  display="block"
                  w="100%"
                >
                  <Paper
                    withBorder
                    radius="md"
                    px="sm"
                    py={6}
                    style={{
                      borderLeft: `4px solid var(--mantine-color-${STATUS_COLORS[status]}-6)`,
                    }}
                  >
                    <Text size="xs" c="dimmed" fw={600}>
                      {STATUS_LABELS[status]}
                    </Text>
                    <Text fz={22} fw={700} lh={1.3}>
                      {counts.data[status].toLocaleString()}
                    </Text>
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

/** The project's submitted sheets waiting at an approval stage, oldest first. */
export function ProjectApprovalsWaiting({ projectId }: { projectId: string }) {
  const { slug } = useCurrentOrganisation();
  const sheets = useJobSheetList({
    filter: { project_id: projectId, status: 'SUBMITTED' },
    sort: 'submitted_at',
    page: { number: 1, size: 5 },
  });
  const total = sheets.data?.meta.total ?? 0;
  return (
    <QuerySection
      id="project-approvals"
      title="Waiting for approval"
      query={sheets}
      items={sheets.data?.data}
      errorTitle="Could not load the sheets waiting for approval"
      empty="No sheet is waiting for approval."
    >
      {(items) => (
        <Stack gap="xs">
          {items.map((sheet) => (
            <RecordRow
              key={sheet.id}
              to={jobSheetPath(slug, sheet.id)}
              title={`Sheet ${sheet.number} · ${sheet.form_name}`}
              details={[
                `Job ${sheet.job_number}`,
                sheet.operative_name,
                sheet.submitted_at && `submitted ${formatRelative(sheet.submitted_at)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
              badge={
                sheet.current_approval_stage && (
                  <WholeBadge variant="outline">{sheet.current_approval_stage.name}</WholeBadge>
                )
              }
            />
          ))}
          {total > items.length && (
            <Anchor component={Link} to={projectSheetsPath(slug, projectId, 'SUBMITTED')} size="sm">
              All {total} waiting
            </Anchor>
          )}
        </Stack>
      )}
    </QuerySection>
  );
}
