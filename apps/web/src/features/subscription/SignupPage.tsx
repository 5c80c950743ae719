import type { BillingDetails, SeatsOverview } from '@fieldwork/contract';
import { Alert, Box, Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { SettingsSection } from '../../ui/SettingsSection';
import { AreaBackLink } from '../../app/AreaBackLink';
import {
  useBillingDetails,
  useSeatsOverview,
  CheckoutPanels,
  seatCount,
  PriceLines,
  minimumSeats,
  seatsProblem,
  SeatsInput,
} from '../billing';
import { dayCount, trialDaysLeft } from '../../app/plan-status';
import { useCheckoutSubscribe } from './use-checkout-subscribe';
import { usePlan } from '../../session/use-plan';

/**
 * /subscription/signup: the owner chooses the seats, fills in the billing details and a card, and
 * subscribes (POST subscribe). The local ledger answers the subscription and its first invoice;
 * Stripe answers a checkout page to go to.
 */
export function SignupPage() {
  const seats = useSeatsOverview();
  const details = useBillingDetails();
  const { organisation } = usePlan();

  if (seats.isError || details.isError) {
    const failed = seats.isError ? seats : details;
    return <QueryErrorState title="The plan could not be loaded" query={failed} />;
  }
  return (
    <Stack gap="md" maw={1040} mx="auto">
      <Box>
        <AreaBackLink slug={organisation.slug} />
        <Title order={1} size="h2" mt={4}>
          Subscribe to Fieldwork
        </Title>
        <TrialLine />
      </Box>
      {seats.data === undefined || details.data === undefined ? (
        <Skeleton height={360} radius="md" />
      ) : (
        <SignupForm overview={seats.data} details={details.data} />
      )}
    </Stack>
  );
}

function TrialLine() {
  const { organisation, plan, now } = usePlan();
  const text =
    plan.status === 'TRIAL'
      ? `Your free trial has ${dayCount(trialDaysLeft(organisation, now()))} left. Subscribe now and keep going without a break.`
      : 'Choose the seats you need; you can change them at any time.';
  return (
    <Text c="dimmed" mt={4}>
      {text}
    </Text>
  );
}

function SignupForm({ overview, details }: { overview: SeatsOverview; details: BillingDetails }) {
  const minimum = minimumSeats(overview);
  const [seats, setSeats] = useState<number>(minimum);
  const checkout = useCheckoutSubscribe({ newFlow: false });
  const { pendingInput, errors } = checkout;

  const problem = seatsProblem(seats, overview);
  const seatsError = problem ?? errors?.fieldErrors.seats;

  const submit = async () => {
    if (problem) return;
    await checkout.start(seats);
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <SettingsSection
            title="1. Seats"
            description="One seat for each active member (guests are free)."
          >
            <SeatsInput
              label="Seats"
              min={minimum}
              value={seats}
              onChange={(next) => {
                checkout.reset();
                setSeats(next);
              }}
              error={seatsError}
              description={`${seatCount(overview.used)} in use now`}
              maw={220}
            />
          </SettingsSection>

          <CheckoutPanels
            titles={{ details: '2. Billing details', card: '3. Payment method' }}
            details={details}
            pendingInput={pendingInput}
          />
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="lg" pos="sticky" top={72}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Summary
            </Title>
            <PriceLines seats={seats} overview={overview} />
            {!details.payment_method && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
                <Text size="xs">
                  No card yet: the first invoice stays open until a card pays it.
                </Text>
              </Alert>
            )}
            <FormErrorAlert message={errors?.formError ?? null} />
            <Button size="md" onClick={() => void submit()} loading={checkout.starting}>
              Subscribe
            </Button>
            <Text size="xs" c="dimmed">
              Monthly, from today. Seat changes are prorated to the day; you can change seats at any
              time from Billing.
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
