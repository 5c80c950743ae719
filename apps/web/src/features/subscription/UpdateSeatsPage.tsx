import { MAX_SEATS } from '@fieldwork/contract';
import type { SeatChangePreview, SeatChangeResult } from '@fieldwork/contract';
import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { serverErrorsFor } from '../../ui/forms/server-errors';
import { formatDate } from '../../ui/format';
import { SettingsSection } from '../../ui/SettingsSection';
import { AreaBackLink } from '../../app/AreaBackLink';
import {
  usePreviewSeats,
  useUpdateSeats,
  Fact,
  formatMoney,
  seatCount,
  SeatsInput,
} from '../billing';
import { billingPath } from '../../app/plan-paths';
import { StatusPanel } from './StatusPanel';
import { usePlan } from '../../session/use-plan';

/**
 * /subscription/update: the owner changes the seats of an active subscription. The change is
 * previewed first (POST preview_update_seats: the prorated charge or credit and the new monthly
 * price) and made only when confirmed (POST update_seats). Other members see the seats only.
 */
export function UpdateSeatsPage() {
  const { organisation, plan, owner } = usePlan();
  if (!owner) {
    return (
      <StatusPanel icon={<IconUsers size={28} />} color="gray" title="Seats">
        <Text>
          {organisation.name} has {seatCount(plan.seats.total)}, {plan.seats.used} in use.
        </Text>
        <Text size="sm">Only the owner of the organisation can change the seats.</Text>
      </StatusPanel>
    );
  }
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Box>
        <AreaBackLink slug={organisation.slug} />
        <Title order={1} size="h2" mt={4}>
          Change seats
        </Title>
        <Text c="dimmed" mt={4}>
          Changes apply at once and are prorated to the day.
        </Text>
      </Box>
      <SeatChange current={plan.seats.total} used={plan.seats.used} slug={organisation.slug} />
    </Stack>
  );
}

function SeatChange({ current, used, slug }: { current: number; used: number; slug: string }) {
  const [seats, setSeats] = useState<number>(current);
  const preview = usePreviewSeats();
  const update = useUpdateSeats();
  const [result, setResult] = useState<SeatChangeResult | null>(null);
  const minimum = Math.max(1, used);
  const previewed = preview.data && preview.data.seats === seats ? preview.data : null;
  const errors = serverErrorsFor(preview.error ?? update.error, ['seats'] as const);
  const failed = preview.isError || update.isError;

  const localError =
    seats < minimum
      ? `At least ${seatCount(minimum)}: ${used} in use`
      : seats > MAX_SEATS
        ? `At most ${MAX_SEATS} seats`
        : null;

  const submitPreview = (event: FormEvent) => {
    event.preventDefault();
    if (localError || seats === current) return;
    setResult(null);
    update.reset();
    preview.mutate(seats);
  };

  const confirm = () => {
    if (!previewed) return;
    update.mutate(previewed.seats, {
      onSuccess: (changed) => {
        setResult(changed);
        preview.reset();
      },
    });
  };

  return (
    <Stack gap="md">
      <SettingsSection title="Seats" description={`${seatCount(current)} now, ${used} in use.`}>
        <form onSubmit={submitPreview} noValidate aria-label="Seats">
          <Group align="flex-end" gap="sm">
            <SeatsInput
              label="New number of seats"
              min={minimum}
              value={seats}
              onChange={(next) => {
                setSeats(next);
                preview.reset();
                update.reset();
              }}
              error={localError ?? (failed ? errors.fieldErrors.seats : undefined)}
              w={200}
            />
            <Button type="submit" variant="default" disabled={seats === current}>
              Preview change
            </Button>
          </Group>
        </form>
        {failed && <FormErrorAlert message={errors.formError} />}
      </SettingsSection>

      {previewed && (
        <PreviewPanel
          preview={previewed}
          confirming={update.isPending}
          onConfirm={confirm}
          onCancel={() => preview.reset()}
        />
      )}

      {result && <ResultPanel result={result} slug={slug} />}
    </Stack>
  );
}

function PreviewPanel({
  preview,
  confirming,
  onConfirm,
  onCancel,
}: {
  preview: SeatChangePreview;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const money = (amount: number) => formatMoney(amount, preview.currency);
  const adding = preview.type === 'invoice';
  const headline =
    preview.type === 'none'
      ? 'Nothing to pay or credit now'
      : adding
        ? `${money(preview.total)} charged now`
        : `${money(preview.total)} credited`;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label="Preview">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {seatCount(preview.current_seats)} → {seatCount(preview.seats)}
            </Title>
            <Text size="sm" c="dimmed">
              {preview.prorated_days} of {preview.period_days} days left in this period (until{' '}
              {formatDate(preview.period_end)})
            </Text>
          </div>
          <Text fw={700} size="lg" c={adding ? undefined : 'green'}>
            {headline}
          </Text>
        </Group>

        {preview.lines.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" aria-label="Prorated lines">
              <Table.Tbody>
                {preview.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <Text size="sm">{line.description}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{money(line.amount)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm">Tax</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{money(preview.tax)}</Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm" fw={700}>
                      {adding ? 'Charged now' : 'Credited'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={700}>
                      {money(preview.total)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Divider />
        <Group justify="space-between">
          <Fact label="From the next period">{money(preview.next_period_total)} per month</Fact>
        </Group>
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">
            {adding
              ? 'The charge is invoiced and paid with the card on file as soon as you confirm.'
              : 'The credit is taken off the open invoice, or off the next invoices.'}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={confirming}>
            Confirm change
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ResultPanel({ result, slug }: { result: SeatChangeResult; slug: string }) {
  const { subscription, invoice, credit_note: creditNote } = result;
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} />} title="Seats changed" role="status">
      <Stack gap={6}>
        <Text size="sm">
          The subscription now has {seatCount(subscription.seats)}.
          {invoice &&
            ` Invoice ${invoice.number} for ${formatMoney(invoice.total, invoice.currency)} was issued${invoice.status === 'paid' ? ' and paid' : ''}.`}
          {creditNote &&
            ` Credit note ${creditNote.number} for ${formatMoney(creditNote.total, creditNote.currency)} was issued.`}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={billingPath(slug, 'invoices')} size="xs" variant="white">
            View invoices
          </Button>
          <Button component={Link} to={billingPath(slug, 'overview')} size="xs" variant="white">
            Billing overview
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
