import type { JobStatus } from '@fieldwork/contract';
import { Badge } from '@mantine/core';

const LABEL: Record<JobStatus, string> = {
  AWAITING: 'Awaiting',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
const COLOR: Record<JobStatus, string> = {
  AWAITING: 'blue',
  IN_PROGRESS: 'orange',
  COMPLETED: 'green',
  CANCELLED: 'gray',
};

export const statusLabel = (status: JobStatus) => LABEL[status];

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLOR[status]}
      tt="none"
      // Never "In progr…": a narrow table column (a phone's, beside the checkboxes) gives way
      // around the badge, not inside it.
      styles={{
        root: { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' },
        label: { overflow: 'visible' },
      }}
    >
      {LABEL[status]}
    </Badge>
  );
}
