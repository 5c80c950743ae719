import type { Invoice, SubscriptionStatus } from '@fieldwork/contract';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

const SUBSCRIPTION_LABEL: Record<SubscriptionStatus, [string, string]> = {
  active: ['Active', 'green'],
  past_due: ['Past due', 'orange'],
  incomplete: ['Incomplete', 'gray'],
  canceled: ['Cancelled', 'gray'],
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const [label, color] = SUBSCRIPTION_LABEL[status];
  return (
    <Badge variant="light" color={color} tt="none">
      {label}
    </Badge>
  );
}

/** "Paid", "Open", "Overdue 31 days", "Void". */
export function invoiceStatusLabel(invoice: Pick<Invoice, 'status' | 'overdue_by_days'>): string {
  if (invoice.status === 'open' && invoice.overdue_by_days > 0) {
    return `Overdue ${invoice.overdue_by_days} day${invoice.overdue_by_days === 1 ? '' : 's'}`;
  }
  return { open: 'Open', paid: 'Paid', void: 'Void' }[invoice.status];
}

export function InvoiceStatusBadge({
  invoice,
}: {
  invoice: Pick<Invoice, 'status' | 'overdue_by_days'>;
}) {
  const overdue = invoice.status === 'open' && invoice.overdue_by_days > 0;
  const color = overdue ? 'red' : { open: 'blue', paid: 'green', void: 'gray' }[invoice.status];
  return (
    <Badge
      size="sm"
      variant={overdue ? 'filled' : 'light'}
      color={color}
      tt="none"
      leftSection={overdue ? <IconAlertTriangle size={12} /> : undefined}
      // The label's own overflow would let a table squeeze it to "Overdue…".
      styles={{ label: { overflow: 'visible' } }}
      style={{ whiteSpace: 'nowrap', maxWidth: 'none' }}
    >
      {invoiceStatusLabel(invoice)}
    </Badge>
  );
}

export const INVOICE_REASON_LABEL: Record<Invoice['reason'], string> = {
  subscription_create: 'First invoice',
  subscription_cycle: 'Renewal',
  subscription_update: 'Seat change',
};
