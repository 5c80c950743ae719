import type { JobSheetStatus } from '@fieldwork/contract';
import type { BadgeProps } from '@mantine/core';
import { WholeBadge } from '../../ui/RecordRow';
import { STATUS_COLORS, STATUS_LABELS } from './sheet-display';

/**
 * A job sheet's status in words ("In progress"), as the jobs' badges say theirs: Mantine's
 * badge would shout it in capitals, which reads as the raw enum. Never cut on a phone.
 */
export function SheetStatusBadge({
  status,
  ...props
}: { status: JobSheetStatus } & Omit<BadgeProps, 'color' | 'children'> & {
    'data-testid'?: string;
  }) {
  return (
    <WholeBadge {...props} color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </WholeBadge>
  );
}
