import type { SheetTrailEvent, SheetTrailRules } from '@fieldwork/contract';
import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconCircleDot,
  IconSend,
  IconSignature,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../../session/use-session';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { formatDateTime } from '../../ui/format-time';
import { jobSheetsApi, sheetKey } from './job-sheets-api';

/** GET /job_sheets/{id}/trail, reloaded with every change of the sheet (its key is below it). */
export function useSheetTrail(sheetId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...sheetKey(organisationId, sheetId), 'trail'],
    queryFn: () =>
      jobSheetsApi.overview<{ data: SheetTrailEvent[]; rules: SheetTrailRules }>(
        `${encodeURIComponent(sheetId)}/trail`,
      ),
  });
}

const WORDS: Record<SheetTrailEvent['kind'], string> = {
  STARTED: 'Started',
  SUBMITTED: 'Submitted',
  RESUBMITTED: 'Resubmitted',
  DECLARATION_ACCEPTED: 'Declaration accepted',
  UNSUBMITTED: 'Taken back',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  DECISION_UNDONE: 'Approval undone',
  CANCELLED: 'Cancelled',
};

const LOOK: Record<SheetTrailEvent['kind'], { color: string; icon: ReactNode }> = {
  STARTED: { color: 'gray', icon: <IconCircleDot size={13} /> },
  SUBMITTED: { color: 'blue', icon: <IconSend size={13} /> },
  RESUBMITTED: { color: 'blue', icon: <IconSend size={13} /> },
  DECLARATION_ACCEPTED: { color: 'blue', icon: <IconSignature size={13} /> },
  UNSUBMITTED: { color: 'gray', icon: <IconArrowBackUp size={13} /> },
  APPROVED: { color: 'green', icon: <IconCheck size={13} /> },
  REJECTED: { color: 'red', icon: <IconX size={13} /> },
  DECISION_UNDONE: { color: 'orange', icon: <IconArrowBackUp size={13} /> },
  CANCELLED: { color: 'gray', icon: <IconX size={13} /> },
};

/** "Approved by Sam Supervisor", "Submitted" (nobody named: an API key or a removed user). */
export function trailTitle(event: SheetTrailEvent): string {
  return event.by_name ? `${WORDS[event.kind]} by ${event.by_name}` : WORDS[event.kind];
}

/** "Supervisor · round 2 · Mar 4, 2026, 9:12 AM": the stage, the round, when. */
export function trailMeta(event: SheetTrailEvent): string {
  return [event.stage_name, event.round ? `round ${event.round}` : null, formatDateTime(event.at)]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The sheet's whole story, oldest first: started, submitted and resubmitted (with the operative's
 * declaration), each stage's decision with its comments and declaration, undone decisions (the
 * decision itself greyed), taken back, cancelled; who and when for each.
 */
export function DecisionTrail({ sheetId }: { sheetId: string }) {
  const trail = useSheetTrail(sheetId);
  if (trail.isError) return <QueryErrorState title="Could not load the trail" query={trail} />;
  if (!trail.data)
    return <Skeleton h={120} radius="md" role="status" aria-label="Loading the trail" />;
  const { data: events, rules } = trail.data;
  const undone = new Set(
    events
      .filter((event) => event.kind === 'DECISION_UNDONE')
      .map((event) => event.id.replace(/:undone$/, '')),
  );
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {rules.same_approver_allowed
          ? 'On this project one person may decide several stages of a sheet.'
          : 'On this project each stage of a sheet is decided by a different person.'}
      </Text>
      <Timeline bulletSize={22} lineWidth={2} data-testid="decision-trail">
        {events.map((event) => {
          const wasUndone = undone.has(event.id);
          return (
            <Timeline.Item
              key={event.id}
              color={wasUndone ? 'gray' : LOOK[event.kind].color}
              bullet={LOOK[event.kind].icon}
              title={`${trailTitle(event)}${wasUndone ? ' (undone)' : ''}`}
            >
              <Text size="xs" c="dimmed">
                {trailMeta(event)}
              </Text>
              {event.declaration_accepted && (
                <Text size="xs" c="dimmed">
                  The stage’s declaration accepted
                </Text>
              )}
              {event.comments && (
                <Text size="sm" mt={2}>
                  {event.comments}
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}
