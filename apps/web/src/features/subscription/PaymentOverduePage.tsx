import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ORGANISATIONS_PATH } from '../../app/paths';
import { useSession } from '../../session/use-session';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { notifySuccess } from '../../ui/feedback/notify';
import { SettingsSection } from '../../ui/SettingsSection';
import {
  useInvoices,
  useSubscriptionSummary,
  InvoicesTable,
  formatMoney,
  PaymentMethodForm,
} from '../billing';
import { StatusPanel } from './StatusPanel';
import { longestOverdueDays } from '../gating';
import { usePlan } from '../../session/use-plan';

const OPEN_INVOICES = { filter: { status: 'open' }, sort: 'date', page: { number: 1, size: 25 } };

/**
 * /subscription/payment-overdue: the plan gate sends everyone here while an invoice is 30 days
 * or more overdue. The owner pays (the card on file, or a new card that pays the open invoices at
 * once); as soon as nothing is overdue the gate lets everyone back in.
 */
export function PaymentOverduePage() {
  const { organisation, plan, owner } = usePlan();
  const { organisations } = useSession();
  const days = longestOverdueDays(plan);

  if (!owner) {
    return (
      <StatusPanel
        icon={<IconAlertTriangle size={28} />}
        color="red"
        title="Payment overdue"
        actions={
          organisations.length > 1 && (
            <Button component={Link} to={ORGANISATIONS_PATH} variant="default">
              Switch organisation
            </Button>
          )
        }
      >
        <Text>
          An invoice of {organisation.name} is {days} days overdue, so the organisation is paused.
        </Text>
        <Text size="sm">
          Only the owner can settle it. Everything you have recorded is kept, and opens again as
          soon as the invoice is paid.
        </Text>
      </StatusPanel>
    );
  }
  return <OwnerPaymentOverdue days={days} />;
}

function OwnerPaymentOverdue({ days }: { days: number }) {
  const summary = useSubscriptionSummary();
  const invoices = useInvoices(OPEN_INVOICES);
  const outstanding = summary.data?.outstanding_invoices;

  return (
    <Stack gap="md" maw={880} mx="auto">
      <Title order={1} size="h2">
        Pay the overdue invoice
      </Title>
      <Alert
        color="red"
        variant="filled"
        icon={<IconAlertTriangle size={20} />}
        title="Payment overdue"
      >
        {outstanding
          ? `${formatMoney(outstanding.total, summary.data?.currency)} is owed on ${outstanding.count} open invoice${outstanding.count === 1 ? '' : 's'}; the oldest is ${days} days overdue.`
          : `An invoice is ${days} days overdue.`}{' '}
        Your team cannot use the organisation until it is paid.
      </Alert>

      <SettingsSection title="Open invoices" description="Pay with the card on file.">
        {invoices.isError ? (
          <QueryErrorState title="Invoices could not be loaded" query={invoices} />
        ) : invoices.data === undefined ? (
          <Skeleton height={80} />
        ) : (
          <InvoicesTable invoices={invoices.data.data} />
        )}
      </SettingsSection>

      <SettingsSection
        title="Pay with another card"
        description="A new card pays the open invoices at once, oldest first."
      >
        <PaymentMethodForm
          submitLabel="Save card and pay"
          onSaved={() => notifySuccess('Card saved')}
        />
      </SettingsSection>
    </Stack>
  );
}
