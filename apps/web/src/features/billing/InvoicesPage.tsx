import type { CreditNote, Invoice, InvoiceStatus } from '@fieldwork/contract';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { PlainTable } from '../../ui/data-table/PlainTable';
import { TablePager } from '../../ui/data-table/TablePager';
import { formatDate } from '../../ui/format';
import { usePlan } from '../../session/use-plan';
import { useCreditNotes, useInvoices, usePayInvoice } from './billing-api';
import { INVOICE_REASON_LABEL, InvoiceStatusBadge } from './BillingBadges';
import { SettingsSection } from '../../ui/SettingsSection';
import { openInvoiceLink } from './invoice-links';
import { formatMoney, seatCount } from './money';

const PAGE_SIZE = 10;
type StatusFilter = InvoiceStatus | 'all';

/** /billing/invoices: every invoice a page at a time, with its PDF and hosted page; credit notes. */
export function InvoicesPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const invoices = useInvoices({
    filter: { status: status === 'all' ? undefined : status },
    sort: '-date',
    page: { number: page, size: PAGE_SIZE },
  });

  return (
    <Stack gap="md">
      <SettingsSection
        title="Invoices"
        description="Invoices are due on their date and charged to the card on file."
        action={
          <SegmentedControl
            size="xs"
            aria-label="Invoice status"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'paid', label: 'Paid' },
              { value: 'void', label: 'Void' },
            ]}
          />
        }
      >
        {invoices.isError ? (
          <QueryErrorState title="Invoices could not be loaded" query={invoices} />
        ) : invoices.data?.data.length === 0 ? (
          <ListEmptyState
            icon={<IconFileInvoice size={32} />}
            title={status === 'all' ? 'No invoices yet' : `No ${status} invoices`}
            description="Invoices appear here when the subscription starts, renews or changes."
          />
        ) : (
          <>
            <InvoicesTable invoices={invoices.data?.data} />
            {invoices.data && <TablePager meta={invoices.data.meta} onPage={setPage} />}
          </>
        )}
      </SettingsSection>
      <CreditNotes />
    </Stack>
  );
}

const isOverdue = (invoice: Invoice) => invoice.status === 'open' && invoice.overdue_by_days > 0;

export function InvoicesTable({ invoices }: { invoices: Invoice[] | undefined }) {
  const { owner } = usePlan();
  const pay = usePayInvoice();
  const open = (invoice: Invoice, kind: 'pdf' | 'hosted') =>
    void openInvoiceLink(invoice.id, kind).catch((error: unknown) =>
      notifyFailure(`Invoice ${invoice.number} could not be opened`, error),
    );

  return (
    <PlainTable
      rows={invoices}
      minWidth={480}
      label="Invoices"
      skeletonColumns={4}
      rowProps={(invoice) => ({
        bg: isOverdue(invoice) ? 'var(--mantine-color-red-light)' : undefined,
        'data-overdue': isOverdue(invoice) || undefined,
      })}
      columns={[
        {
          header: 'Invoice',
          cell: (invoice) => (
            <>
              <Text size="sm" fw={500}>
                {invoice.number}
              </Text>
              <Text size="xs" c="dimmed">
                {INVOICE_REASON_LABEL[invoice.reason]}
                <Text span size="xs" hiddenFrom="sm">
                  {' '}
                  · {formatDate(invoice.date)}
                </Text>
              </Text>
            </>
          ),
        },
        {
          header: 'Date',
          visibleFrom: 'sm',
          cell: (invoice) => <Text size="sm">{formatDate(invoice.date)}</Text>,
        },
        {
          header: 'Seats',
          visibleFrom: 'md',
          cell: (invoice) => <Text size="sm">{seatCount(invoice.seats)}</Text>,
        },
        {
          header: 'Total',
          ta: 'right',
          cell: (invoice) => (
            <>
              <Text size="sm">{formatMoney(invoice.total, invoice.currency)}</Text>
              {invoice.status === 'open' && invoice.amount_remaining !== invoice.total && (
                <Text size="xs" c="dimmed">
                  {formatMoney(invoice.amount_remaining, invoice.currency)} due
                </Text>
              )}
            </>
          ),
        },
        { header: 'Status', cell: (invoice) => <InvoiceStatusBadge invoice={invoice} /> },
        {
          header: 'Actions',
          hideHeader: true,
          ta: 'right',
          cell: (invoice) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {owner && invoice.status === 'open' && (
                <Button
                  size="compact-xs"
                  color={isOverdue(invoice) ? 'red' : 'blue'}
                  loading={pay.isPending && pay.variables === invoice.id}
                  onClick={() =>
                    pay.mutate(invoice.id, {
                      onSuccess: (paid) =>
                        paid.status === 'paid'
                          ? notifySuccess(`Invoice ${paid.number} paid`)
                          : notifyFailure(
                              `Invoice ${paid.number} is still open`,
                              new Error('The card did not cover it.'),
                            ),
                      onError: (error) =>
                        notifyFailure(`Invoice ${invoice.number} was not paid`, error),
                    })
                  }
                >
                  Pay now
                </Button>
              )}
              <Tooltip label="Download PDF">
                <ActionIcon
                  variant="subtle"
                  aria-label={`PDF of ${invoice.number}`}
                  onClick={() => open(invoice, 'pdf')}
                >
                  <IconFileTypePdf size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="View invoice">
                <ActionIcon
                  variant="subtle"
                  aria-label={`View ${invoice.number}`}
                  onClick={() => open(invoice, 'hosted')}
                >
                  <IconExternalLink size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}

const CREDIT_NOTE_TYPE: Record<CreditNote['type'], string> = {
  pre_payment: 'Taken off the invoice',
  post_payment: 'Credited to the balance',
};

function CreditNotes() {
  const [page, setPage] = useState(1);
  const notes = useCreditNotes({ sort: '-date', page: { number: page, size: PAGE_SIZE } });
  if (notes.isError) {
    return <QueryErrorState title="Credit notes could not be loaded" query={notes} />;
  }
  if (!notes.data || notes.data.data.length === 0) return null;
  return (
    <SettingsSection title="Credit notes" description="Seats removed during a period are credited.">
      <PlainTable
        rows={notes.data.data}
        minWidth={320}
        label="Credit notes"
        columns={[
          {
            header: 'Credit note',
            cell: (note) => (
              <>
                <Text size="sm" fw={500}>
                  {note.number}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(note.date)} · {seatCount(note.seats)} removed
                </Text>
              </>
            ),
          },
          {
            header: 'Invoice',
            visibleFrom: 'sm',
            cell: (note) => <Text size="sm">{note.invoice_number}</Text>,
          },
          {
            header: 'Kind',
            visibleFrom: 'sm',
            cell: (note) => <Text size="sm">{CREDIT_NOTE_TYPE[note.type]}</Text>,
          },
          {
            header: 'Total',
            ta: 'right',
            cell: (note) => <Text size="sm">{formatMoney(note.total, note.currency)}</Text>,
          },
        ]}
      />
      <TablePager meta={notes.data.meta} onPage={setPage} />
    </SettingsSection>
  );
}
