import type { JobStatus } from '@fieldwork/contract';
import { WholeBadge } from '../../ui/RecordRow';

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
    <WholeBadge size="sm" color={COLOR[status]}>
      {LABEL[status]}
    </WholeBadge>
  );
}
