import type { JobSheetStatus } from '@fieldwork/contract';
import { Badge, type BadgeProps } from '@mantine/core';
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
    <Badge
      variant="light"
      {...props}
      color={STATUS_COLORS[status]}
      tt="none"
      styles={{
        root: { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' },
        label: { overflow: 'visible' },
      }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
