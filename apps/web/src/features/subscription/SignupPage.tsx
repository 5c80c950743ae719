import { MAX_SEATS, TAX_RATE_PERCENT } from '@fieldwork/contract';
import type { BillingDetails, SeatsOverview } from '@fieldwork/contract';
import {
  Alert,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorState } from '../../ui/feedback/ErrorState';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { serverErrorsFor } from '../../ui/forms/server-errors';
import { AreaBackLink } from '../billing/AreaBackLink';
import { useBillingDetails, useSeatsOverview, useSubscribe } from '../billing/billing-api';
import { CardSummary } from '../billing/BillingOverviewPage';
import { countryName } from '../billing/countries';
import { BillingDetailsForm } from '../billing/BillingDetailsForm';
import { BillingPanel } from '../billing/BillingPanel';
import { formatMoney, seatCount, unitAmount } from '../billing/money';
import { PaymentMethodForm } from '../billing/PaymentMethodForm';
import { subscriptionPath } from './plan-paths';
import { dayCount, trialDaysLeft } from './plan-status';
import type { SignupSuccessState } from './SignupSuccessPage';
import { usePlan } from './use-plan';

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
    return (
      <ErrorState
        title="The plan could not be loaded"
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
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
  const { organisation } = usePlan();
  const navigate = useNavigate();
  const minimum = Math.max(1, overview.used);
  const [seats, setSeats] = useState<number>(minimum);
  const [editingDetails, setEditingDetails] = useState(details.name === null);
  const [editingCard, setEditingCard] = useState(details.payment_method === null);
  const subscribe = useSubscribe();
  const errors = subscribe.error ? serverErrorsFor(subscribe.error, ['seats'] as const) : null;

  const price = unitAmount(overview.seat_price.unit_amount_decimal);
  const currency = overview.seat_price.currency;
  const subTotal = seats * price;
  const tax = Math.round((subTotal * TAX_RATE_PERCENT) / 100);
  const seatsError =
    seats < minimum
      ? `At least ${minimum} seats: ${seatCount(overview.used)} in use`
      : seats > MAX_SEATS
        ? `At most ${MAX_SEATS} seats`
        : errors?.fieldErrors.seats;

  const submit = () => {
    if (seats < minimum || seats > MAX_SEATS) return;
    subscribe.mutate(
      { seats, newFlow: false },
      {
        onSuccess: (answer) => {
          if (answer.url) {
            window.location.assign(answer.url);
            return;
          }
          const state: SignupSuccessState = { subscribed: answer };
          void navigate(subscriptionPath(organisation.slug, 'signup/success'), { state });
        },
      },
    );
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <BillingPanel
            title="1. Seats"
            description="One seat for each active member (guests are free)."
          >
            <NumberInput
              label="Seats"
              min={minimum}
              max={MAX_SEATS}
              allowDecimal={false}
              allowNegative={false}
              value={seats}
              onChange={(value) => {
                subscribe.reset();
                setSeats(typeof value === 'number' ? value : Number(value) || 0);
              }}
              error={seatsError}
              description={`${seatCount(overview.used)} in use now`}
              maw={220}
            />
          </BillingPanel>

          <BillingPanel
            title="2. Billing details"
            description="Printed on every invoice."
            action={
              !editingDetails && (
                <Button variant="default" size="xs" onClick={() => setEditingDetails(true)}>
                  Edit
                </Button>
              )
            }
          >
            {editingDetails ? (
              <BillingDetailsForm
                details={details}
                submitLabel="Save details"
                onSaved={() => {
                  setEditingDetails(false);
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
          </BillingPanel>

          <BillingPanel
            title="3. Payment method"
            description="The first invoice is charged at once."
          >
            <CardSummary details={details} />
            {editingCard ? (
              <PaymentMethodForm
                onSaved={() => {
                  setEditingCard(false);
                  notifySuccess('Card saved');
                }}
              />
            ) : (
              <Group>
                <Button variant="default" size="xs" onClick={() => setEditingCard(true)}>
                  Use another card
                </Button>
              </Group>
            )}
          </BillingPanel>
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="lg" pos="sticky" top={72}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Summary
            </Title>
            <Group justify="space-between">
              <Text size="sm">
                {seatCount(seats)} × {formatMoney(price, currency)}
              </Text>
              <Text size="sm">{formatMoney(subTotal, currency)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">Tax ({TAX_RATE_PERCENT} %)</Text>
              <Text size="sm">{formatMoney(tax, currency)}</Text>
            </Group>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Total per month</Text>
              <Text fw={700} aria-label="Total per month">
                {formatMoney(subTotal + tax, currency)}
              </Text>
            </Group>
            {!details.payment_method && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
                <Text size="xs">
                  No card yet: the first invoice stays open until a card pays it.
                </Text>
              </Alert>
            )}
            <FormErrorAlert message={errors?.formError ?? null} />
            <Button size="md" onClick={submit} loading={subscribe.isPending}>
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
