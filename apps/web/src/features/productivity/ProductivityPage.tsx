import {
  PRODUCTIVITY_TIMEFRAMES,
  PRODUCTIVITY_TIMEFRAME_LABELS,
  type ProductivityAnswer,
  type ProductivityFigures,
} from '@fieldwork/contract';
import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { formatCalendarDate } from '../../ui/format-time';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { DateRangeInputs } from '../../ui/inputs/DateRangeInputs';
import { lazyComponent } from '../../ui/lazy-component';
import { PageHeader } from '../../ui/PageHeader';
import { currentMembership, isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { useMemberOptions, useTeamOptions } from '../people';
import { pickerData, useSelectOptions } from '../projects';
import { ExportReportButton } from '../reports';
import { ProductivityTable } from './ProductivityTable';
import {
  filterOf,
  formatHours,
  useProductivity,
  useProductivityParams,
  type ProductivityParams,
} from './productivity-api';

// The charts (recharts through @mantine/charts) load in their own chunk, only on this page.
const ProductivityCharts = lazyComponent(
  () => import('./ProductivityCharts'),
  'ProductivityCharts',
);

/** /organisations/{slug}/productivity: figures per member, project and period, with charts. */
export function ProductivityPage() {
  const { params, update } = useProductivityParams();
  const session = useSession();
  const manages = !currentMembership(session).guest && isAtLeastRole('MANAGER', session);
  const byMember = useProductivity(params, 'member');
  const view = manages ? params.view : 'member';
  const byProject = useProductivity(params, 'project');
  const answer = byMember.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Productivity"
        description={
          manages
            ? 'Job sheets, locations, hours and materials per member, project and period.'
            : 'Your job sheets, locations, hours and materials by period.'
        }
        actions={
          <ExportReportButton
            label="Export to Excel"
            what="productivity"
            selection={{
              kind: 'productivity',
              timeframe: params.timeframe,
              filter: filterOf(params),
            }}
          />
        }
      />
      <Filters params={params} update={update} manages={manages} />
      {answer && (
        <Text size="sm" c="dimmed">
          {formatCalendarDate(answer.meta.from)} to {formatCalendarDate(answer.meta.to)}
        </Text>
      )}
      {byMember.isError ? (
        <QueryErrorState title="Could not load the productivity figures" query={byMember} />
      ) : !answer ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading productivity">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={84} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton h={260} radius="md" />
        </Stack>
      ) : answer.data.length === 0 ? (
        <>
          <Tiles totals={answer.totals} />
          <ListEmptyState
            icon={<IconChartBar size={28} />}
            title="Nothing recorded in this period"
            description="Submitted job sheets, completed locations and time worked show here. Widen the period or clear a filter."
          />
        </>
      ) : (
        <>
          <Tiles totals={answer.totals} />
          <ProductivityCharts answer={answer} />
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="productivity-table"
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Title order={2} size="h4" id="productivity-table">
                  {view === 'project' ? 'By project' : 'By member'}
                </Title>
                {manages && (
                  <SegmentedControl
                    aria-label="Table by"
                    value={view}
                    onChange={(value) =>
                      update({ view: value === 'project' ? 'project' : 'member' })
                    }
                    data={[
                      { value: 'member', label: 'By member' },
                      { value: 'project', label: 'By project' },
                    ]}
                  />
                )}
              </Group>
              <TableFor
                view={view}
                byMember={answer}
                byProject={byProject.data}
                projectError={byProject.isError}
              />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

function TableFor({
  view,
  byMember,
  byProject,
  projectError,
}: {
  view: 'member' | 'project';
  byMember: ProductivityAnswer;
  byProject: ProductivityAnswer | undefined;
  projectError: boolean;
}) {
  if (view === 'member') return <ProductivityTable answer={byMember} by="member" />;
  if (projectError) return <Text c="red">Could not load the figures by project.</Text>;
  if (!byProject) return <Skeleton h={160} radius="md" />;
  return <ProductivityTable answer={byProject} by="project" />;
}

function Filters({
  params,
  update,
  manages,
}: {
  params: ProductivityParams;
  update: (change: Partial<ProductivityParams>) => void;
  manages: boolean;
}) {
  const projects = useSelectOptions('projects');
  const members = useMemberOptions();
  const teams = useTeamOptions({ enabled: manages });
  return (
    <SimpleGrid cols={{ base: 2, md: manages ? 6 : 4 }} spacing="sm">
      <Select
        label="Period"
        allowDeselect={false}
        value={params.timeframe}
        data={PRODUCTIVITY_TIMEFRAMES.map((value) => ({
          value,
          label: `By ${PRODUCTIVITY_TIMEFRAME_LABELS[value].toLowerCase()}`,
        }))}
        onChange={(value) => value && update({ timeframe: value })}
      />
      <DateRangeInputs
        from={params.from}
        to={params.to}
        onFromChange={(from) => update({ from })}
        onToChange={(to) => update({ to })}
      />
      <Select
        label="Project"
        placeholder="All projects"
        clearable
        searchable
        value={params.project || null}
        data={pickerData(projects.data, { archived: true })}
        onChange={(value) => update({ project: value ?? '' })}
      />
      {manages && (
        <Select
          label="Member"
          placeholder="Everyone"
          clearable
          searchable
          value={params.member || null}
          data={members.options}
          onChange={(value) => update({ member: value ?? '' })}
        />
      )}
      {manages && (
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          searchable
          value={params.team || null}
          data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          onChange={(value) => update({ team: value ?? '' })}
        />
      )}
    </SimpleGrid>
  );
}

function Tiles({ totals }: { totals: ProductivityFigures }) {
  const tiles = [
    { label: 'Job sheets submitted', value: totals.job_sheets_submitted.toLocaleString() },
    { label: 'Job sheets approved', value: totals.job_sheets_approved.toLocaleString() },
    { label: 'Locations completed', value: totals.locations_completed.toLocaleString() },
    { label: 'Hours worked', value: formatHours(totals.hours_worked) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {tiles.map((tile) => (
        <Paper key={tile.label} withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {tile.label}
          </Text>
          <Text size="xl" fw={700} aria-label={`${tile.label}: ${tile.value}`}>
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
