import type { SubscriptionSummary } from '@fieldwork/contract';
import {
  Alert,
  Button,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { formatDate } from '../../ui/format';
import { subscriptionPath } from '../../app/plan-paths';
import { usePlan } from '../../session/use-plan';
import { useSubscriptionSummary } from './billing-api';
import { SubscriptionStatusBadge } from './BillingBadges';
import { SettingsSection } from '../../ui/SettingsSection';
import { Fact } from './Fact';
import { formatMoney, seatCount, unitAmount } from './money';

/** /billing/subscription: the subscription summary of §3, line by line. */
export function SubscriptionPage() {
  const { organisation, plan } = usePlan();
  const summary = useSubscriptionSummary();

  if (summary.isError) {
    return <QueryErrorState title="The subscription could not be loaded" query={summary} />;
  }
  if (summary.data === undefined) return <Skeleton height={280} radius="md" />;
  if (summary.data === null) {
    return (
      <Alert color="gray" title="No subscription">
        This organisation has no subscription at the moment.
      </Alert>
    );
  }
  return (
    <SubscriptionDetails summary={summary.data} used={plan.seats.used} slug={organisation.slug} />
  );
}

function SubscriptionDetails({
  summary,
  used,
  slug,
}: {
  summary: SubscriptionSummary;
  used: number;
  slug: string;
}) {
  const price = unitAmount(summary.seat_price.unit_amount_decimal);
  const money = (amount: number) => formatMoney(amount, summary.currency);
  return (
    <Stack gap="md">
      <SettingsSection
        title={summary.plan_name}
        description={`A monthly plan billed per seat`}
        action={<SubscriptionStatusBadge status={summary.status} />}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Fact label="Seats">
            {seatCount(summary.seats)} ({used} in use)
          </Fact>
          <Fact label="Current period">
            {summary.current_period_start && summary.current_period_end
              ? `${formatDate(summary.current_period_start)} – ${formatDate(summary.current_period_end)}`
              : '—'}
          </Fact>
          <Fact label="Billing interval">Every {summary.interval}</Fact>
        </SimpleGrid>

        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" aria-label="Price per month">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>
                  {seatCount(summary.seats)} × {money(price)} per {summary.seat_price.interval}
                </Table.Td>
                <Table.Td ta="right">{money(summary.sub_total)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Tax ({summary.tax_rate_percentage} %)</Table.Td>
                <Table.Td ta="right">{money(summary.taxes)}</Table.Td>
              </Table.Tr>
              <Table.Tr fw={700}>
                <Table.Td>Total per {summary.interval}</Table.Td>
                <Table.Td ta="right">{money(summary.total)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Group gap="sm">
          <Button component={Link} to={subscriptionPath(slug, 'update')}>
            Change seats
          </Button>
        </Group>
      </SettingsSection>

      <SettingsSection title="Scheduled changes">
        {summary.scheduled_changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            None. Seat changes apply at once and are prorated to the day.
          </Text>
        ) : (
          <List size="sm">
            {summary.scheduled_changes.map((change) => (
              <List.Item key={change.effective_at}>
                {formatDate(change.effective_at)}:{' '}
                {change.cancels
                  ? 'the subscription ends'
                  : `${seatCount(change.seats ?? 0)} from then on`}
              </List.Item>
            ))}
          </List>
        )}
      </SettingsSection>

      {summary.outstanding_invoices.count > 0 && (
        <Alert
          color={summary.outstanding_invoices.longest_overdue_by_days > 0 ? 'red' : 'blue'}
          title="Outstanding"
        >
          {money(summary.outstanding_invoices.total)} on {summary.outstanding_invoices.count} open
          invoice{summary.outstanding_invoices.count === 1 ? '' : 's'}
          {summary.outstanding_invoices.longest_overdue_by_days > 0 &&
            `, the oldest ${summary.outstanding_invoices.longest_overdue_by_days} days overdue`}
          .
        </Alert>
      )}
    </Stack>
  );
}
