import type { ApprovalDecision } from '@fieldwork/contract';
import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../ui/format-time';

/** Every decision on the sheet, oldest first, with its stage, round and comments. */
export function DecisionTrail({ decisions }: { decisions: ApprovalDecision[] }) {
  if (decisions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No decisions yet.
      </Text>
    );
  return (
    <Timeline bulletSize={22} lineWidth={2} data-testid="decision-trail">
      {decisions.map((decision) => {
        const approved = decision.decision === 'APPROVED';
        return (
          <Timeline.Item
            key={decision.id}
            color={decision.undone_at ? 'gray' : approved ? 'green' : 'red'}
            bullet={approved ? <IconCheck size={13} /> : <IconX size={13} />}
            title={`${approved ? 'Approved' : 'Rejected'} by ${decision.user_name}${
              decision.undone_at ? ' (undone)' : ''
            }`}
          >
            <Text size="xs" c="dimmed">
              {decision.approval_stage_name ?? 'Approval'} · round {decision.approval_batch} ·{' '}
              {formatDateTime(decision.created_at)}
            </Text>
            {decision.comments && (
              <Text size="sm" mt={2}>
                {decision.comments}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
