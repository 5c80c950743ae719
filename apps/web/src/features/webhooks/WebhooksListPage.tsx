import type { Webhook } from '@fieldwork/contract';
import { Anchor, Badge, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconKey, IconPlus, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ActionsTh } from '../../ui/data-table/ActionsTh';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import { SkeletonRows } from '../../ui/data-table/SkeletonRows';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { pageOf, useUrlState } from '../../ui/data-table/use-url-state';
import { formatDateTime, formatRelative } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { DELIVERY_STATUS, eventLabel, eventsSummary } from './webhook-labels';
import { useWebhookActions } from './webhook-actions';
import { useWebhooks } from './webhooks-api';

const PAGE_SIZE = 20;

/** /settings/webhooks (admins): where the organisation's events are sent. */
export function WebhooksListPage() {
  const [state, update] = useUrlState({ page: '1' });
  const query = { page: { number: pageOf(state.page), size: PAGE_SIZE } };
  const webhooks = useWebhooks(query);
  const list = { query, setPage: (page: number) => update({ page: String(page) }) };
  const { actions, dialogs } = useWebhookActions();

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={actions.add}>
      Add webhook
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Webhooks"
        description="Send the organisation’s events (jobs, job sheets, locations, documents) to other systems as they happen."
        actions={addButton}
      />
      <RecordListView
        list={list}
        result={webhooks}
        plural="webhooks"
        empty={{
          icon: <IconWebhook size={32} />,
          title: 'No webhooks yet',
          description:
            'Add an endpoint and choose its events: each is sent as a signed JSON POST, and retried when the endpoint is down.',
          action: addButton,
        }}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Endpoint</Table.Th>
                  <Table.Th visibleFrom="sm">Events</Table.Th>
                  <Table.Th visibleFrom="sm">Status</Table.Th>
                  <Table.Th>Last delivery</Table.Th>
                  <ActionsTh />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined ? (
                  <SkeletonRows columns={5} rows={3} />
                ) : (
                  rows.map((webhook) => (
                    <WebhookRow key={webhook.id} webhook={webhook} actions={actions} />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RecordListView>
      {dialogs}
    </Stack>
  );
}

function WebhookRow({
  webhook,
  actions,
}: {
  webhook: Webhook;
  actions: ReturnType<typeof useWebhookActions>['actions'];
}) {
  const last = webhook.last_delivery;
  return (
    <Table.Tr>
      <Table.Td style={{ maxWidth: 360 }}>
        <Anchor
          component={Link}
          to={webhook.id}
          fw={500}
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {webhook.url}
        </Anchor>
        {webhook.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {webhook.description}
          </Text>
        )}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {eventsSummary(webhook.events)}
          {webhook.enabled ? '' : ' · Disabled'}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Tooltip label={webhook.events.map(eventLabel).join(', ')} multiline maw={280}>
          <Text size="sm" span>
            {eventsSummary(webhook.events)}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Badge color={webhook.enabled ? 'teal' : 'gray'} variant="light">
          {webhook.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {last ? (
          <Stack gap={2}>
            <Badge color={DELIVERY_STATUS[last.status].color} variant="light">
              {DELIVERY_STATUS[last.status].label}
            </Badge>
            <Tooltip label={formatDateTime(last.created_at)}>
              <Text size="xs" c="dimmed" span>
                {formatRelative(last.created_at)}
              </Text>
            </Tooltip>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" span>
            None yet
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <RowActionsMenu
          name={webhook.url}
          actions={[
            { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => actions.edit(webhook) },
            {
              label: 'Send test event',
              icon: <IconSend size={16} />,
              onClick: () => actions.sendTest(webhook),
            },
            {
              label: 'Rotate secret',
              icon: <IconKey size={16} />,
              onClick: () => actions.rotateSecret(webhook),
            },
            {
              label: 'Delete',
              icon: <IconTrash size={16} />,
              color: 'red',
              onClick: () => actions.remove(webhook),
            },
          ]}
        />
      </Table.Td>
    </Table.Tr>
  );
}
