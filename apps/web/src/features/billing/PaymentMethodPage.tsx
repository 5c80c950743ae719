import { Skeleton, Stack } from '@mantine/core';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { notifySuccess } from '../../ui/feedback/notify';
import { useBillingDetails } from './billing-api';
import { BillingDetailsForm } from './BillingDetailsForm';
import { CardSummary } from './BillingOverviewPage';
import { SettingsSection } from '../../ui/SettingsSection';
import { PaymentMethodForm } from './PaymentMethodForm';

/** /billing/payment-method: the card on file, a new card, and the billing details. */
export function PaymentMethodPage() {
  const details = useBillingDetails();

  if (details.isError) {
    return <QueryErrorState title="Billing details could not be loaded" query={details} />;
  }
  if (details.data === undefined) return <Skeleton height={320} radius="md" />;

  return (
    <Stack gap="md">
      <SettingsSection
        title="Payment method"
        description="Invoices are charged to this card on their date. A new card pays any open invoices at once."
      >
        <CardSummary details={details.data} />
        <PaymentMethodForm
          submitLabel={details.data.payment_method ? 'Replace card' : 'Save card'}
          onSaved={() => notifySuccess('Card saved')}
        />
      </SettingsSection>
      <div id="billing-details">
        <SettingsSection title="Billing details" description="Printed on every invoice.">
          <BillingDetailsForm
            details={details.data}
            onSaved={() => notifySuccess('Billing details saved')}
          />
        </SettingsSection>
      </div>
    </Stack>
  );
}
