import type { BillingDetails, SubscriptionSummary } from '@fieldwork/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { formatDate } from '../../ui/format';
import { billingPath, subscriptionPath } from '../../app/plan-paths';
import { usePlan } from '../../session/use-plan';
import { useBillingDetails, useInvoices, useSubscriptionSummary } from './billing-api';
import { InvoiceStatusBadge, SubscriptionStatusBadge } from './BillingBadges';
import { SettingsSection } from '../../ui/SettingsSection';
import { Fact } from './Fact';
import { describeCard } from './card';
import { countryName } from './countries';
import { formatMoney, seatCount } from './money';

const RECENT_INVOICES = { sort: '-date', page: { number: 1, size: 5 } };

/** /billing/overview: the plan, what is owed, the card, the billing details and recent invoices. */
export function BillingOverviewPage() {
  const { organisation, plan } = usePlan();
  const summary = useSubscriptionSummary();
  const details = useBillingDetails();
  const slug = organisation.slug;

  return (
    <Stack gap="md">
      {summary.isError ? (
        <QueryErrorState title="The subscription could not be loaded" query={summary} />
      ) : summary.data === undefined ? (
        <Skeleton height={160} radius="md" />
      ) : summary.data === null ? (
        <Alert color="gray" title="No subscription">
          This organisation has no subscription at the moment.
        </Alert>
      ) : (
        <>
          <OutstandingAlert summary={summary.data} slug={slug} />
          <PlanPanel summary={summary.data} used={plan.seats.used} slug={slug} />
        </>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SettingsSection
          title="Payment method"
          action={
            <Button
              component={Link}
              to={billingPath(slug, 'payment-method')}
              variant="default"
              size="xs"
            >
              Change
            </Button>
          }
        >
          {details.isError ? (
            <QueryErrorState title="Billing details could not be loaded" query={details} />
          ) : details.data === undefined ? (
            <Skeleton height={40} />
          ) : (
            <CardSummary details={details.data} />
          )}
        </SettingsSection>
        <SettingsSection
          title="Billing details"
          action={
            <Button
              component={Link}
              to={`${billingPath(slug, 'payment-method')}#billing-details`}
              variant="default"
              size="xs"
            >
              Edit
            </Button>
          }
        >
          {details.data === undefined ? (
            <Skeleton height={40} />
          ) : (
            <AddressSummary details={details.data} />
          )}
        </SettingsSection>
      </SimpleGrid>

      <RecentInvoices slug={slug} />

      {isManager(plan.customer_success_manager) && (
        <SettingsSection title="Your customer success manager">
          <Text size="sm">
            {plan.customer_success_manager.name} ·{' '}
            <Anchor href={`mailto:${plan.customer_success_manager.email}`}>
              {plan.customer_success_manager.email}
            </Anchor>
          </Text>
        </SettingsSection>
      )}
    </Stack>
  );
}

function isManager(value: unknown): value is { name: string; email: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { email?: unknown }).email === 'string'
  );
}

function OutstandingAlert({ summary, slug }: { summary: SubscriptionSummary; slug: string }) {
  const { count, total, longest_overdue_by_days: days } = summary.outstanding_invoices;
  if (count === 0) return null;
  const overdue = days > 0;
  return (
    <Alert
      color={overdue ? 'red' : 'blue'}
      icon={<IconAlertTriangle size={18} />}
      title={`${formatMoney(total, summary.currency)} outstanding`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {count} open invoice{count === 1 ? '' : 's'}
          {overdue ? `, the oldest ${days} day${days === 1 ? '' : 's'} overdue.` : '.'}
        </Text>
        <Button
          component={Link}
          to={billingPath(slug, 'invoices')}
          size="xs"
          color={overdue ? 'red' : 'blue'}
        >
          View invoices
        </Button>
      </Group>
    </Alert>
  );
}

function PlanPanel({
  summary,
  used,
  slug,
}: {
  summary: SubscriptionSummary;
  used: number;
  slug: string;
}) {
  const share = summary.seats > 0 ? Math.min(100, (used / summary.seats) * 100) : 0;
  return (
    <SettingsSection
      title={summary.plan_name}
      description={`Billed every ${summary.interval}`}
      action={
        <Group gap="xs">
          <SubscriptionStatusBadge status={summary.status} />
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Fact label="Seats">
          {used} of {summary.seats} in use
        </Fact>
        <Fact label="Per month">
          {formatMoney(summary.total, summary.currency)}{' '}
          <Text span size="xs" c="dimmed">
            incl. tax
          </Text>
        </Fact>
        <Fact label="Current period">
          {summary.current_period_start ? formatDate(summary.current_period_start) : '—'}
        </Fact>
        <Fact label="Renews on">
          {summary.current_period_end ? formatDate(summary.current_period_end) : '—'}
        </Fact>
      </SimpleGrid>
      <Progress value={share} aria-label={`${used} of ${summary.seats} seats in use`} />
      <Group gap="sm">
        <Button component={Link} to={subscriptionPath(slug, 'update')} size="sm">
          Change seats
        </Button>
        <Button component={Link} to={billingPath(slug, 'subscription')} variant="default" size="sm">
          Subscription details
        </Button>
      </Group>
    </SettingsSection>
  );
}

export function CardSummary({ details }: { details: BillingDetails }) {
  if (!details.payment_method) {
    return (
      <Text size="sm" c="dimmed">
        No card on file. Invoices stay open until a card pays them.
      </Text>
    );
  }
  const card = describeCard(details.payment_method);
  return (
    <Group gap="sm" wrap="nowrap">
      <IconCreditCard size={28} stroke={1.5} />
      <div>
        <Text size="sm" fw={500}>
          {card.label}
        </Text>
        <Text size="xs" c="dimmed">
          Expires {card.expiry}
        </Text>
      </div>
    </Group>
  );
}

function AddressSummary({ details }: { details: BillingDetails }) {
  const { address } = details;
  const lines = [
    details.name,
    details.email,
    address.line1,
    address.line2,
    [address.city, address.postal_code].filter(Boolean).join(' '),
    address.country ? countryName(address.country) : null,
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No billing details yet. They are printed on every invoice.
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {details.tax && (
        <Text size="sm" c="dimmed">
          Tax ID {details.tax.value}
        </Text>
      )}
    </Stack>
  );
}

function RecentInvoices({ slug }: { slug: string }) {
  const invoices = useInvoices(RECENT_INVOICES);
  return (
    <SettingsSection
      title="Recent invoices"
      action={
        <Anchor component={Link} to={billingPath(slug, 'invoices')} size="sm">
          All invoices
        </Anchor>
      }
    >
      {invoices.isError ? (
        <QueryErrorState title="Invoices could not be loaded" query={invoices} />
      ) : invoices.data === undefined ? (
        <Skeleton height={80} />
      ) : invoices.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {invoices.data.data.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {invoice.number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(invoice.date)} · {seatCount(invoice.seats)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatMoney(invoice.total, invoice.currency)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <InvoiceStatusBadge invoice={invoice} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsSection>
  );
}
