import { Alert, List } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { BulkBar } from '../../ui/data-table/BulkBar';
import { DecisionModal, type Decision } from './DecisionModal';
import { useBulkDecision, type BulkDecisionOutcome } from './job-sheets-api';

const sheetCount = (count: number) => `${count} job sheet${count === 1 ? '' : 's'}`;

/**
 * Approve or reject the checked sheets with one comment; the answer names each sheet that could
 * not be decided and why.
 */
export function BulkDecisionBar({
  ids,
  numbers,
  onDone,
}: {
  ids: string[];
  /** Sheet numbers by id, to name the failures. */
  numbers: Map<string, number>;
  onDone: () => void;
}) {
  const bulk = useBulkDecision();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<(BulkDecisionOutcome & { decision: Decision }) | null>(
    null,
  );
  return (
    <>
      {ids.length > 0 && (
        <BulkBar
          label={`${sheetCount(ids.length)} selected`}
          actions={[
            {
              key: 'approve',
              label: 'Approve',
              icon: <IconCheck size={14} />,
              color: 'green',
              onClick: () => setDecision('approve'),
            },
            {
              key: 'reject',
              label: 'Reject',
              icon: <IconX size={14} />,
              danger: true,
              onClick: () => setDecision('reject'),
            },
          ]}
        />
      )}
      {outcome && (
        <Alert
          color={outcome.failed.length ? 'orange' : 'green'}
          withCloseButton
          onClose={() => setOutcome(null)}
          title={`${sheetCount(outcome.succeeded.length)} ${outcome.decision === 'approve' ? 'approved' : 'rejected'}`}
          data-testid="bulk-outcome"
        >
          {outcome.failed.length > 0 && (
            <List size="sm">
              {outcome.failed.map((failure) => (
                <List.Item key={failure.id}>
                  Sheet {numbers.get(failure.id) ?? failure.id}: {failure.reason}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <DecisionModal
        decision={decision}
        subject={sheetCount(ids.length)}
        declaration="Approving accepts the declaration of each sheet's current approval stage."
        pending={bulk.isPending}
        onClose={() => setDecision(null)}
        onSend={(input, capture) =>
          decision &&
          bulk.mutate(
            { decision, ids, comments: input.comments },
            {
              onSuccess: (result) => {
                setOutcome({ ...result, decision });
                setDecision(null);
                onDone();
              },
              onError: capture,
            },
          )
        }
      />
    </>
  );
}
