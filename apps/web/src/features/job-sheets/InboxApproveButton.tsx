import type { JobSheet } from '@fieldwork/contract';
import { Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { Decision } from './DecisionModal';
import { SheetDecisionModal } from './SheetDecisionModal';

/**
 * Approve a sheet straight from the inbox (comments, the stage's declaration), when its
 * `permissions` allow; the inbox and its count reload after.
 */
export function InboxApproveButton({ sheet }: { sheet: JobSheet }) {
  const [decision, setDecision] = useState<Decision | null>(null);
  if (!sheet.permissions?.approve || sheet.status !== 'SUBMITTED') return null;
  return (
    <>
      <Button
        size="xs"
        color="green"
        leftSection={<IconCheck size={14} />}
        aria-label={`Approve sheet ${sheet.number}`}
        onClick={() => setDecision('approve')}
      >
        Approve
      </Button>
      <SheetDecisionModal sheet={sheet} decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
