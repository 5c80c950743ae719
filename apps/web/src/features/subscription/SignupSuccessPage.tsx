import type { Invoice, SubscribeResult } from '@fieldwork/contract';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { notifyFailure } from '../../ui/feedback/notify';
import { returnTarget } from '../../app/AreaBackLink';
import {
  billingApi,
  useReloadPlan,
  InvoiceStatusBadge,
  openInvoiceLink,
  formatMoney,
  seatCount,
} from '../billing';
import { StatusPanel } from './StatusPanel';
import { usePlan } from '../../session/use-plan';

/** What the signup page hands over after subscribing with the local ledger. */
export interface SignupSuccessState {
  subscribed: SubscribeResult;
}

function isSuccessState(value: unknown): value is SignupSuccessState {
  return typeof value === 'object' && value !== null && 'subscribed' in value;
}

/**
 * /subscription/signup/success: the confirmation. After the local ledger it shows the subscription
 * and its first invoice; after Stripe's checkout (?session_id=) it first has the server validate
 * the session. "Continue" reloads the plan and returns to the page the user came from.
 */
export function SignupSuccessPage() {
  const state: unknown = useLocation().state;
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const validate = useMutation({ mutationFn: billingApi.validateCheckoutSession });
  const started = useRef(false);

  useEffect(() => {
    if (sessionId && !started.current) {
      started.current = true;
      validate.mutate(sessionId);
    }
  }, [sessionId, validate]);

  if (isSuccessState(state)) {
    return <Confirmation seats={state.subscribed.data?.seats} invoice={state.subscribed.invoice} />;
  }
  if (sessionId) {
    if (validate.isError) {
      return (
        <StatusPanel icon={<IconCircleCheck size={28} />} color="red" title="Not confirmed yet">
          <Text>{errorMessage(validate.error)}</Text>
          <Text size="sm">
            If you completed the payment, this page confirms it within a minute.
          </Text>
        </StatusPanel>
      );
    }
    if (!validate.isSuccess) {
      return (
        <StatusPanel icon={<Loader size="sm" />} title="Confirming your subscription">
          <Text>One moment while the payment is confirmed.</Text>
        </StatusPanel>
      );
    }
    return <Confirmation seats={undefined} invoice={null} />;
  }
  return <Confirmation seats={undefined} invoice={null} />;
}

function Confirmation({ seats, invoice }: { seats: number | undefined; invoice: Invoice | null }) {
  const { organisation } = usePlan();
  const reloadPlan = useReloadPlan();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const back = returnTarget(organisation.slug);

  const proceed = async () => {
    setLeaving(true);
    // The plan gate sends an active plan away from signup pages; it needs the new plan first.
    await reloadPlan();
    void navigate(back.to, { replace: true });
  };

  return (
    <StatusPanel
      icon={<IconCircleCheck size={32} />}
      color="green"
      title="You are subscribed"
      actions={
        <>
          {invoice && (
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              onClick={() =>
                void openInvoiceLink(invoice.id, 'pdf').catch((error: unknown) =>
                  notifyFailure('The invoice could not be opened', error),
                )
              }
            >
              Invoice PDF
            </Button>
          )}
          <Button onClick={() => void proceed()} loading={leaving}>
            Continue to {back.name}
          </Button>
        </>
      }
    >
      <Text>
        {organisation.name} is on the monthly plan
        {seats !== undefined ? ` with ${seatCount(seats)}` : ''}. Thank you!
      </Text>
      {invoice && (
        <Stack gap={4} align="center">
          <Group gap="xs" justify="center">
            <Text size="sm">
              Invoice {invoice.number}: {formatMoney(invoice.total, invoice.currency)}
            </Text>
            <InvoiceStatusBadge invoice={invoice} />
          </Group>
          {invoice.status === 'open' && (
            <Text size="xs">It stays open until a card pays it; see Billing → Invoices.</Text>
          )}
        </Stack>
      )}
    </StatusPanel>
  );
}
