import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { daysUntil } from '../../ui/format-time';
import type { ExpiryStatus } from '../../ui/people-types';

export const EXPIRY_LABEL: Record<ExpiryStatus, string> = {
  EXPIRED: 'Expired',
  EXPIRING: 'Expiring soon',
  VALID: 'Valid',
  NO_EXPIRY: 'No expiry',
};

export const EXPIRY_COLOR: Record<ExpiryStatus, string> = {
  EXPIRED: 'red',
  EXPIRING: 'orange',
  VALID: 'green',
  NO_EXPIRY: 'gray',
};

/** "Expires in 12 days", "Expires today", "Expired 3 days ago". */
export function expiryText(status: ExpiryStatus, expiryDate: string | null, now = new Date()) {
  if (!expiryDate || status === 'VALID' || status === 'NO_EXPIRY') return EXPIRY_LABEL[status];
  const days = daysUntil(expiryDate, now);
  if (status === 'EXPIRED') {
    if (days >= 0) return 'Expired';
    return `Expired ${-days} day${days === -1 ? '' : 's'} ago`;
  }
  if (days <= 0) return 'Expires today';
  return `Expires in ${days} day${days === 1 ? '' : 's'}`;
}

/** The expiry status of a qualification: red when expired, orange within 30 days. */
export function ExpiryBadge({
  status,
  expiryDate,
}: {
  status: ExpiryStatus;
  expiryDate: string | null;
}) {
  const icon =
    status === 'EXPIRED' ? (
      <IconAlertTriangle size={12} />
    ) : status === 'EXPIRING' ? (
      <IconClockExclamation size={12} />
    ) : undefined;
  return (
    <Badge
      size="sm"
      variant={status === 'EXPIRED' || status === 'EXPIRING' ? 'filled' : 'light'}
      tt="none"
      color={EXPIRY_COLOR[status]}
      leftSection={icon}
      style={{ whiteSpace: 'nowrap' }}
    >
      {expiryText(status, expiryDate)}
    </Badge>
  );
}
