import type { TimesheetSummary } from '@fieldwork/contract';
import {
  ActionIcon,
  Button,
  Card,
  Drawer,
  Group,
  Loader,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconClockPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../api/request';
import { resourceQueryKey } from '../../api/resource-hooks';
import { isAtLeastRole, currentMembership } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { PageHeader } from '../../ui/PageHeader';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { formatCalendarDate } from '../../ui/format-time';
import { useMemberOptions, useTeamOptions } from '../people';
import { ExportReportButton } from '../reports';
import { ClockCard } from './ClockCard';
import { EntriesList } from './EntriesList';
import { ManualEntryModal } from './EntryModals';
import { addDays, formatSeconds, mondayOf, today, useTimesheetSummary } from './timesheets-api';

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => weekday.format(new Date(`${day}T00:00:00Z`));

/** The week in the address (?week=YYYY-MM-DD, its Monday), and the filters beside it. */
function useWeekState() {
  const [params, setParams] = useSearchParams();
  const week = mondayOf(
    /^\d{4}-\d\d-\d\d$/.test(params.get('week') ?? '') ? params.get('week')! : today(),
  );
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return {
    week,
    member: params.get('member'),
    team: params.get('team'),
    project: params.get('project'),
    setWeek: (value: string) => set('week', value),
    set,
  };
}

function WeekPicker({ week, onChange }: { week: string; onChange: (week: string) => void }) {
  return (
    <Group gap={4} wrap="wrap">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          aria-label="Previous week"
          onClick={() => onChange(addDays(week, -7))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} miw={{ base: 0, sm: 190 }} ta="center" data-testid="week-label">
          {formatCalendarDate(week)} – {formatCalendarDate(addDays(week, 6))}
        </Text>
        <ActionIcon
          variant="default"
          aria-label="Next week"
          onClick={() => onChange(addDays(week, 7))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Button variant="subtle" size="xs" onClick={() => onChange(mondayOf(today()))}>
        This week
      </Button>
    </Group>
  );
}

/** Opens the manual time entry dialog. */
function AddEntryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="default" leftSection={<IconClockPlus size={16} />} onClick={onClick}>
      Add entry
    </Button>
  );
}

function useProjectChoices() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), 'timesheet-options'],
    queryFn: async () =>
      (
        await request<{ data: Array<{ id: string; name: string }> }>({
          method: 'get',
          url: '/projects',
          query: 'page[size]=200&sort=name',
        })
      ).data.map((project) => ({ value: project.id, label: project.name })),
    staleTime: 60_000,
  });
}

/** Rows members, columns days, cells hours; a member's name opens their entries. */
function WeekTable({
  summary,
  onMember,
}: {
  summary: TimesheetSummary;
  onMember: (userId: string) => void;
}) {
  if (!summary.members.length) {
    return <Text c="dimmed">No members match these filters.</Text>;
  }
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover withTableBorder miw={720} data-testid="week-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            {summary.dates.map((day) => (
              <Table.Th key={day} ta="right">
                {dayLabel(day)}
                <Text span size="xs" c="dimmed" display="block">
                  {formatCalendarDate(day).replace(/,? \d{4}$/, '')}
                </Text>
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.members.map((member) => (
            <Table.Tr key={member.user_id}>
              <Table.Td>
                <UnstyledButton onClick={() => onMember(member.user_id)} c="blue" fw={500}>
                  {member.user_name ?? 'Former member'}
                </UnstyledButton>
                {member.open_entry && (
                  <Text size="xs" c="green">
                    On the clock
                  </Text>
                )}
              </Table.Td>
              {member.days.map((day) => (
                <Table.Td
                  key={day.date}
                  ta="right"
                  c={day.seconds ? undefined : 'dimmed'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {day.seconds ? day.formatted : '–'}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {member.total_formatted}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Everyone</Table.Th>
            {summary.dates.map((day) => (
              <Table.Th key={day} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatSeconds(
                  summary.members.reduce(
                    (sum, member) => sum + (member.days.find((d) => d.date === day)?.seconds ?? 0),
                    0,
                  ),
                )}
              </Table.Th>
            ))}
            <Table.Th ta="right">{summary.total_formatted}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}

/** Managers and admins: everyone's week, a member's entries, manual entries and export. */
function ManagerTimesheets() {
  const state = useWeekState();
  const members = useMemberOptions();
  const teams = useTeamOptions();
  const projects = useProjectChoices();
  const [adding, setAdding] = useState(false);
  const summary = useTimesheetSummary({
    week: state.week,
    ...(state.member ? { user_id: state.member } : {}),
    ...(state.team ? { team_id: state.team } : {}),
    ...(state.project ? { project_id: state.project } : {}),
  });
  const [openMember, setOpenMember] = useState<string | null>(null);
  const selected = summary.data?.members.find((member) => member.user_id === openMember);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Timesheets"
        description="Hours worked by each member, day by day."
        actions={
          <>
            <AddEntryButton onClick={() => setAdding(true)} />
            <ExportReportButton
              what={`timesheets, ${formatCalendarDate(state.week)} – ${formatCalendarDate(addDays(state.week, 6))}`}
              selection={{
                kind: 'timesheets',
                from: state.week,
                to: addDays(state.week, 6),
                ...(state.member ? { userIds: [state.member] } : {}),
                ...(state.team ? { teamId: state.team } : {}),
                ...(state.project ? { projectId: state.project } : {}),
              }}
            />
          </>
        }
      />
      <Group gap="sm" align="flex-end">
        <WeekPicker week={state.week} onChange={state.setWeek} />
        <Select
          aria-label="Member"
          placeholder="All members"
          data={members.options}
          value={state.member}
          onChange={(value) => state.set('member', value)}
          clearable
          searchable
          w={200}
        />
        <Select
          aria-label="Team"
          placeholder="All teams"
          data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          value={state.team}
          onChange={(value) => state.set('team', value)}
          clearable
          w={180}
        />
        <Select
          aria-label="Project"
          placeholder="All projects"
          data={projects.data ?? []}
          value={state.project}
          onChange={(value) => state.set('project', value)}
          clearable
          searchable
          w={200}
        />
      </Group>
      {summary.isPending ? (
        <Loader aria-label="Loading timesheets" />
      ) : summary.error ? (
        <QueryErrorState title="Could not load the timesheets" query={summary} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Card withBorder padding="sm">
              <Text size="sm" c="dimmed">
                Hours this week
              </Text>
              <Text fz="xl" fw={700} data-testid="week-total">
                {summary.data.total_formatted}
              </Text>
            </Card>
            <Card withBorder padding="sm">
              <Text size="sm" c="dimmed">
                Members who worked
              </Text>
              <Text fz="xl" fw={700}>
                {summary.data.members.filter((member) => member.total_seconds > 0).length}
              </Text>
            </Card>
            <Card withBorder padding="sm">
              <Text size="sm" c="dimmed">
                On the clock now
              </Text>
              <Text fz="xl" fw={700}>
                {summary.data.members.filter((member) => member.open_entry).length}
              </Text>
            </Card>
          </SimpleGrid>
          <WeekTable summary={summary.data} onMember={setOpenMember} />
        </>
      )}
      <Drawer
        opened={!!openMember}
        onClose={() => setOpenMember(null)}
        position="right"
        size="lg"
        title={
          <Title order={3}>
            {selected?.user_name ?? 'Member'} · {selected?.total_formatted ?? ''}
          </Title>
        }
      >
        {openMember && <EntriesList userId={openMember} week={state.week} manages />}
      </Drawer>
      {adding && (
        <ManualEntryModal
          onClose={() => setAdding(false)}
          members={members.options}
          defaultUserId={state.member ?? undefined}
        />
      )}
    </Stack>
  );
}

/** Operatives: the clock, and their week's entries and totals. */
function OperativeTimesheets() {
  const state = useWeekState();
  const userId = currentMembership(useSession()).user_id;
  const summary = useTimesheetSummary({ week: state.week });
  const [adding, setAdding] = useState(false);
  const mine = summary.data?.members[0];
  return (
    <Stack gap="lg">
      <PageHeader title="Timesheets" description="Start and stop your time; your week’s hours." />
      <ClockCard />
      <Group justify="space-between">
        <WeekPicker week={state.week} onChange={state.setWeek} />
        <AddEntryButton onClick={() => setAdding(true)} />
      </Group>
      {summary.error ? (
        <QueryErrorState title="Could not load your week" query={summary} />
      ) : (
        mine && (
          <Card withBorder padding="sm">
            <Group justify="space-between">
              <Text c="dimmed">This week</Text>
              <Text fw={700} data-testid="my-week-total">
                {mine.total_formatted}
              </Text>
            </Group>
            <SimpleGrid cols={7} spacing={4} mt="xs">
              {mine.days.map((day) => (
                <Stack key={day.date} gap={0} align="center">
                  <Text size="xs" c="dimmed">
                    {dayLabel(day.date)}
                  </Text>
                  <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                    {day.seconds ? day.formatted : '–'}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Card>
        )
      )}
      <EntriesList userId={userId} week={state.week} manages={false} />
      {adding && <ManualEntryModal onClose={() => setAdding(false)} members={[]} />}
    </Stack>
  );
}

/** /timesheets: managers and admins see everyone's week; operatives their clock and week. */
export function TimesheetsPage() {
  useSession();
  return isAtLeastRole('MANAGER') ? <ManagerTimesheets /> : <OperativeTimesheets />;
}
