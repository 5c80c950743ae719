import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery } from '@fieldwork/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconEdit,
  IconKey,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { SkeletonRows } from '../../ui/data-table/SkeletonRows';
import { TablePager } from '../../ui/data-table/TablePager';
import { pageOf, useUrlState } from '../../ui/data-table/use-url-state';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime, formatRelative } from '../../ui/format-time';
import { DELIVERY_STATUS, eventLabel } from './webhook-labels';
import { useWebhookActions } from './webhook-actions';
import { useDeliveries, useRedeliver, useWebhook } from './webhooks-api';

const PAGE_SIZE = 20;

/** /settings/webhooks/{id}: one endpoint, its settings, and its delivery log (newest first). */
export function WebhookDetailPage() {
  const { webhookId = '' } = useParams();
  const navigate = useNavigate();
  const webhook = useWebhook(webhookId);
  const { actions, dialogs, testing } = useWebhookActions({
    onDeleted: () => void navigate('..', { relative: 'path' }),
  });
  const back = (
    <Anchor component={Link} to=".." relative="path" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Webhooks
      </Group>
    </Anchor>
  );
  if (webhook.isError && !webhook.data)
    return (
      <Stack>
        {back}
        <QueryErrorState title="Could not load the webhook" query={webhook} />
      </Stack>
    );
  const hook = webhook.data;
  return (
    <Stack gap="lg">
      {back}
      {!hook ? (
        <Skeleton height={120} />
      ) : (
        <>
          <Stack gap="sm">
            <Stack gap={4}>
              <Title order={1} style={{ wordBreak: 'break-all' }} fz={{ base: 'h4', sm: 'h2' }}>
                {hook.url}
              </Title>
              {hook.description && <Text c="dimmed">{hook.description}</Text>}
            </Stack>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconSend size={16} />}
                loading={testing}
                onClick={() => actions.sendTest(hook)}
              >
                Send test event
              </Button>
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => actions.edit(hook)}
              >
                Edit
              </Button>
            </Group>
          </Stack>
          <Card withBorder padding="md">
            <Stack gap="xs">
              <Group gap="xs">
                <Text size="sm" fw={600} w={90}>
                  Status
                </Text>
                <Badge color={hook.enabled ? 'teal' : 'gray'} variant="light">
                  {hook.enabled ? 'Enabled' : 'Disabled'}
                </Badge>
              </Group>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Text size="sm" fw={600} w={90} style={{ flexShrink: 0 }}>
                  Events
                </Text>
                <Group gap={6}>
                  {hook.events.map((event) => (
                    <Badge key={event} variant="outline" color="gray" tt="none">
                      {eventLabel(event)}
                    </Badge>
                  ))}
                </Group>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} w={90} style={{ flexShrink: 0 }}>
                  Secret
                </Text>
                <Code>{hook.secret}</Code>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconKey size={14} />}
                  onClick={() => actions.rotateSecret(hook)}
                >
                  Rotate
                </Button>
              </Group>
              {hook.created_by_user && (
                <Text size="xs" c="dimmed">
                  Added by {hook.created_by_user.name} on {formatDateTime(hook.created_at)}
                </Text>
              )}
              <Group justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => actions.remove(hook)}
                >
                  Delete webhook
                </Button>
              </Group>
            </Stack>
          </Card>
        </>
      )}
      <DeliveryLog webhookId={webhookId} />
      {dialogs}
    </Stack>
  );
}

const STATUS_OPTIONS = WEBHOOK_DELIVERY_STATUSES.map((status) => ({
  value: status,
  label: DELIVERY_STATUS[status].label,
}));

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const [state, update] = useUrlState({ page: '1', status: '' });
  const deliveries = useDeliveries(webhookId, {
    page: { number: pageOf(state.page), size: PAGE_SIZE },
    ...(state.status ? { filter: { status: state.status } } : {}),
  });
  const redeliver = useRedeliver(webhookId);
  const rows = deliveries.data?.data;
  const send = (delivery: WebhookDelivery) =>
    redeliver.mutate(delivery.id, {
      onSuccess: () => notifySuccess(`${eventLabel(delivery.event_type)} sent again`),
      onError: (error) => notifyFailure('Could not send it again', error),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h4">
          Delivery log
        </Title>
        <Select
          aria-label="Delivery status"
          placeholder="Every status"
          data={STATUS_OPTIONS}
          value={state.status || null}
          onChange={(value) => update({ status: value ?? '', page: '1' })}
          clearable
          w={200}
        />
      </Group>
      {deliveries.isError && !deliveries.data ? (
        <QueryErrorState title="Could not load the delivery log" query={deliveries} />
      ) : rows?.length === 0 ? (
        <ListEmptyState
          icon={<IconSend size={32} />}
          title={state.status ? 'No deliveries with this status' : 'Nothing sent yet'}
          description="Each attempt to send an event is listed here, newest first. Send a test event to try the endpoint."
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" data-testid="delivery-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th visibleFrom="sm">Attempt</Table.Th>
                  <Table.Th visibleFrom="md">Answer</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined ? (
                  <SkeletonRows columns={5} rows={4} />
                ) : (
                  rows.map((delivery) => (
                    <DeliveryRow
                      key={delivery.id}
                      delivery={delivery}
                      onRedeliver={() => send(delivery)}
                      pending={redeliver.isPending && redeliver.variables === delivery.id}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {deliveries.data && (
            <TablePager
              meta={deliveries.data.meta}
              onPage={(page) => update({ page: String(page) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function DeliveryRow({
  delivery,
  onRedeliver,
  pending,
}: {
  delivery: WebhookDelivery;
  onRedeliver: () => void;
  pending: boolean;
}) {
  const status = DELIVERY_STATUS[delivery.status];
  const answer =
    delivery.status_code !== null
      ? `HTTP ${delivery.status_code}${delivery.duration_ms !== null ? ` in ${delivery.duration_ms} ms` : ''}`
      : (delivery.error ?? (delivery.status === 'PENDING' ? 'Waiting' : 'No answer'));
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {eventLabel(delivery.event_type)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(delivery.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        {delivery.next_attempt_at && delivery.status === 'RETRYING' && (
          <Text size="xs" c="dimmed">
            Next try {formatRelative(delivery.next_attempt_at)}
          </Text>
        )}
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {answer}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{delivery.attempt}</Table.Td>
      <Table.Td visibleFrom="md" style={{ maxWidth: 280 }}>
        <Text size="sm">{answer}</Text>
        {delivery.status_code !== null && delivery.error && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {delivery.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {delivery.status !== 'PENDING' && (
          <Tooltip label="Send this event again">
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconRefresh size={14} />}
              loading={pending}
              onClick={onRedeliver}
            >
              Redeliver
            </Button>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
