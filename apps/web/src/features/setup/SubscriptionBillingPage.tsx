import type { BillingDetails, SeatsOverview } from '@fieldwork/contract';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useBillingDetails, useSeatsOverview, CheckoutPanels, seatsProblem } from '../billing';
import { setupSubscriptionPath } from '../../app/plan-paths';
import { useCheckoutSubscribe } from '../subscription';
import { usePlan } from '../../session/use-plan';
import { SeatSummary } from './SeatSummary';
import { SubscriptionFrame } from './SubscriptionFrame';
import { seatsFromQuery } from './setup-subscription';

/**
 * /organisation-setup/{slug}/subscription/billing?seats=N: billing details, a card, and the
 * subscription itself (POST subscribe with newFlow). The local ledger answers at once and the
 * confirmation shows; Stripe answers its checkout page to go to.
 */
export function SubscriptionBillingPage() {
  const { organisation } = usePlan();
  const [params] = useSearchParams();
  const seats = seatsFromQuery(params.get('seats'));
  const overview = useSeatsOverview();
  const details = useBillingDetails();

  if (seats === null)
    return <Navigate to={setupSubscriptionPath(organisation.slug, 'plan')} replace />;
  const failed = overview.isError ? overview : details.isError ? details : null;
  return (
    <SubscriptionFrame
      step="Billing"
      title="Billing and payment"
      description="Who the invoices are for, and the card that pays them."
    >
      {failed ? (
        <QueryErrorState title="Billing could not be loaded" query={failed} />
      ) : overview.data && details.data ? (
        <BillingStep seats={seats} overview={overview.data} details={details.data} />
      ) : (
        <Skeleton h={320} />
      )}
    </SubscriptionFrame>
  );
}

function BillingStep({
  seats,
  overview,
  details,
}: {
  seats: number;
  overview: SeatsOverview;
  details: BillingDetails;
}) {
  const { organisation } = usePlan();
  const navigate = useNavigate();
  const checkout = useCheckoutSubscribe({ newFlow: true });
  const { pendingInput, errors } = checkout;
  const problem = seatsProblem(seats, overview);

  return (
    <Stack gap="md">
      <CheckoutPanels
        titles={{ details: 'Billing details', card: 'Payment method' }}
        details={details}
        pendingInput={pendingInput}
      />
      <SeatSummary seats={seats} overview={overview} />
      <FormErrorAlert message={problem ?? errors?.fieldErrors.seats ?? errors?.formError ?? null} />
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navigate(setupSubscriptionPath(organisation.slug, 'plan'))}
        >
          Back
        </Button>
        <Button
          size="md"
          onClick={() => void checkout.start(seats)}
          loading={checkout.starting}
          disabled={problem !== null}
        >
          Subscribe
        </Button>
      </Group>
    </Stack>
  );
}
