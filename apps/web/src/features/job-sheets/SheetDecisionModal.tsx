import type { JobSheet } from '@fieldwork/contract';
import { notifySuccess } from '../../ui/feedback/notify';
import { DecisionModal, decisionBody, type Decision } from './DecisionModal';
import { useJobSheetAction } from './job-sheets-api';

/**
 * Approve or reject one sheet at its current stage (the sheet's page, an inbox line): the
 * decision's dialog, the call, and the notice; the sheet, its lists and the inbox reload after.
 */
export function SheetDecisionModal({
  sheet,
  decision,
  onClose,
}: {
  sheet: JobSheet;
  decision: Decision | null;
  onClose: () => void;
}) {
  const act = useJobSheetAction(sheet.id);
  return (
    <DecisionModal
      decision={decision}
      subject={`sheet ${sheet.number}`}
      declaration={sheet.current_approval_stage?.declaration}
      pending={act.isPending}
      onClose={onClose}
      onSend={(input, capture) => {
        if (!decision) return;
        act.mutate(
          {
            action: decision,
            body: decisionBody(decision, input, sheet.current_approval_stage_id),
          },
          {
            onSuccess: () => {
              notifySuccess(
                `Sheet ${sheet.number} ${decision === 'reject' ? 'rejected' : 'approved'}`,
              );
              onClose();
            },
            onError: capture,
          },
        );
      }}
    />
  );
}
