import type { BillingDetails } from '@fieldwork/contract';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../ui/feedback/notify';
import { CardSummary } from './BillingOverviewPage';
import { BillingDetailsForm } from './BillingDetailsForm';
import { SettingsSection } from '../../ui/SettingsSection';
import { countryName } from './countries';
import type { PendingInputRef } from './pending-input';
import { PaymentMethodForm } from './PaymentMethodForm';

/** One panel of a checkout; `editing` is the caller's, so it can wait for the details. */
interface PanelProps {
  title: string;
  details: BillingDetails;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  pendingInput: PendingInputRef;
}

/**
 * The billing details and the card of a checkout (signup, the setup area's billing step), each
 * shown as its form until it is on file.
 */
export function CheckoutPanels({
  titles,
  details,
  pendingInput,
}: {
  titles: { details: string; card: string };
  details: BillingDetails;
  pendingInput: { details: PendingInputRef; card: PendingInputRef };
}) {
  const [editingDetails, setEditingDetails] = useState(details.name === null);
  const [editingCard, setEditingCard] = useState(details.payment_method === null);
  return (
    <>
      <BillingDetailsPanel
        title={titles.details}
        details={details}
        editing={editingDetails}
        onEditing={setEditingDetails}
        pendingInput={pendingInput.details}
      />
      <PaymentMethodPanel
        title={titles.card}
        details={details}
        editing={editingCard}
        onEditing={setEditingCard}
        pendingInput={pendingInput.card}
      />
    </>
  );
}

/**
 * The billing details of a checkout (signup, the setup area's billing step): a summary with
 * "Edit", or the form while editing. `editing` is the caller's, so it can wait for the details.
 */
function BillingDetailsPanel({ title, details, editing, onEditing, pendingInput }: PanelProps) {
  return (
    <SettingsSection
      title={title}
      description="Printed on every invoice."
      action={
        !editing && (
          <Button variant="default" size="xs" onClick={() => onEditing(true)}>
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <BillingDetailsForm
          details={details}
          submitLabel="Save details"
          pendingInput={pendingInput}
          onSaved={() => {
            onEditing(false);
            notifySuccess('Billing details saved');
          }}
        />
      ) : (
        <Text size="sm">
          {details.name} · {details.email}
          <br />
          {[
            details.address.line1,
            details.address.city,
            details.address.country && countryName(details.address.country),
          ]
            .filter(Boolean)
            .join(', ')}
        </Text>
      )}
    </SettingsSection>
  );
}

/** The card of a checkout: the one on file with "Use another card", or the card form. */
function PaymentMethodPanel({ title, details, editing, onEditing, pendingInput }: PanelProps) {
  return (
    <SettingsSection title={title} description="The first invoice is charged at once.">
      <CardSummary details={details} />
      {editing ? (
        <PaymentMethodForm
          pendingInput={pendingInput}
          onSaved={() => {
            onEditing(false);
            notifySuccess('Card saved');
          }}
        />
      ) : (
        <Group>
          <Button variant="default" size="xs" onClick={() => onEditing(true)}>
            Use another card
          </Button>
        </Group>
      )}
    </SettingsSection>
  );
}
