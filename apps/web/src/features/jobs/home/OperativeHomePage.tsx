import type { ListResponse } from '@fieldwork/contract';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { InboxSummary, SheetsToResume, StartJobSheetButton } from '../../job-sheets';
import { LazyClockCard } from '../../timesheets';
import { currentMembership } from '../../../session/session-helpers';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { useSession } from '../../../session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QuerySection } from '../../../ui/QuerySection';
import { formatDayLong, formatDayShort, localToday } from '../calendar-days';
import { jobPath } from '../job-paths';
import { JobStatusBadge } from '../job-status';
import { jobTitle, useJobList, type ListedJob } from '../jobs-api';
import { todayJobsQuery, upcomingJobsQuery, UPCOMING_DAYS } from './home-queries';

/**
 * An operative's home (/organisations/{slug}/home): today's jobs (and the overdue ones) first,
 * the sheets they left half-filled, the inbox, then the next two weeks. Laid out for a phone; on
 * a desktop the sheets and inbox sit beside the jobs.
 */
export function OperativeHomePage() {
  const session = useSession();
  const userId = currentMembership(session).user_id;
  const firstName = currentMembership(session).user_name.split(' ')[0] ?? '';
  const today = localToday();
  const todays = useJobList(todayJobsQuery(userId, today));
  const upcoming = useJobList(upcomingJobsQuery(userId, today));
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={firstName ? `Hello, ${firstName}` : 'Your work'}
        description={formatDayLong(today)}
      />
      {/* Start and stop work from the home page (the timesheets feature's card, loaded apart). */}
      <Suspense fallback={null}>
        <LazyClockCard />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="lg">
          <JobsSection
            id="home-today"
            title="Today"
            query={todays}
            today={today}
            empty="No jobs for today."
          />
          <JobsSection
            id="home-upcoming"
            title="Upcoming"
            query={upcoming}
            today={today}
            empty={`No jobs in the next ${UPCOMING_DAYS} days.`}
          />
        </Stack>
        <Stack gap="lg">
          <SheetsToResume />
          <InboxSummary />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

interface JobsQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: ListResponse<ListedJob> | undefined;
}

function JobsSection({
  id,
  title,
  query,
  today,
  empty,
}: {
  id: string;
  title: string;
  query: JobsQuery;
  today: string;
  empty: string;
}) {
  const more = (query.data?.meta.total ?? 0) - (query.data?.data.length ?? 0);
  return (
    <QuerySection
      id={id}
      title={title}
      query={query}
      items={query.data?.data}
      errorTitle={`Could not load your jobs`}
      empty={empty}
    >
      {(jobs) => (
        <Stack gap="xs">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} today={today} />
          ))}
          {more > 0 && (
            <Text size="sm" c="dimmed">
              and {more} more in the jobs list
            </Text>
          )}
        </Stack>
      )}
    </QuerySection>
  );
}

/** When a job is due, in words: "Today", "Was due Mon 23 Nov", "Thu 3 Dec". */
export function dueLabel(date: string | null, today: string): string {
  if (!date) return 'No date';
  if (date === today) return 'Today';
  if (date < today) return `Was due ${formatDayShort(date)}`;
  return formatDayShort(date);
}

function JobCard({ job, today }: { job: ListedJob; today: string }) {
  const { slug } = useCurrentOrganisation();
  const overdue = job.date !== null && job.date < today;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={jobPath(slug, job.id)} fw={600}>
              {jobTitle(job)}
            </Anchor>
            <Text size="sm" c={overdue ? 'red.8' : 'dimmed'}>
              {dueLabel(job.date, today)}
              {job.project?.name ? ` · ${job.project.name}` : ''}
            </Text>
          </Stack>
          <JobStatusBadge status={job.status} />
        </Group>
        {job.instructions && (
          <Text size="sm" lineClamp={2}>
            {job.instructions}
          </Text>
        )}
        <Group gap="xs">
          <StartJobSheetButton job={job} />
        </Group>
      </Stack>
    </Paper>
  );
}
