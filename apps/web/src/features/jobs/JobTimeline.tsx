import { Text } from '@mantine/core';
import { ActivityMeta, ActivityTimeline } from '../../ui/ActivityTimeline';
import { formatDateTime } from '../../ui/format-time';
import { changeLines, timelineTitle } from './timeline-lines';
import type { JobActivityEntry } from './job-types';
import { useJobActivity } from './jobs-api';
import { useOperatives } from './use-operatives';

const whoDid = (entry: JobActivityEntry) =>
  entry.performed_by_user_name ??
  (entry.performed_by_type === 'API_KEY'
    ? 'An API key'
    : entry.performed_by_type === 'DEVICE'
      ? 'A device'
      : 'Someone');

/** The job's audit entries, newest first: what happened, who did it, when, what changed. */
export function JobTimeline({ jobId }: { jobId: string }) {
  const activity = useJobActivity(jobId);
  const { operatives } = useOperatives();
  const nameOf = (field: string, value: unknown) =>
    field === 'operative_id' ? operatives.find((item) => item.id === value)?.name : undefined;
  return (
    <ActivityTimeline
      id="job-timeline"
      title="Timeline"
      query={activity}
      errorTitle="Could not load the timeline"
      renderEntry={(entry) => ({
        title: timelineTitle(entry.action),
        body: (
          <>
            <ActivityMeta>
              {formatDateTime(entry.performed_at)} · {whoDid(entry)}
            </ActivityMeta>
            {changeLines(entry.changes, nameOf).map((line) => (
              <Text key={line} size="xs">
                {line}
              </Text>
            ))}
          </>
        ),
      })}
    />
  );
}
