import { ActionIcon, Button, Code, Stack, Text, Tooltip } from '@mantine/core';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PlainTable } from '../../ui/data-table/PlainTable';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDate } from '../../ui/format';
import { formatDateTime, formatRelative } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import type { ApiKey } from '../../ui/people-types';
import { useApiKeys, useDeleteApiKey } from './api-keys-api';
import { CreateApiKeyModal } from './CreateApiKeyModal';

/** /settings/api-keys (admins): keys other systems use to call the API for this organisation. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const deleteKey = useDeleteApiKey();
  const [creating, setCreating] = useState(false);

  const remove = (key: ApiKey) =>
    confirmDestructive({
      title: 'Delete API key',
      message: `Delete ${key.name}? Anything using it stops working at once.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        deleteKey.mutate(
          { id: key.id },
          {
            onSuccess: () => notifySuccess(`${key.name} deleted`),
            onError: (error) => notifyFailure(`Could not delete ${key.name}`, error),
          },
        ),
    });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New API key
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="API keys"
        description="Keys let other systems use the API on behalf of this organisation."
        actions={newButton}
      />
      {keys.isError && !keys.data ? (
        <QueryErrorState title="Could not load API keys" query={keys} />
      ) : keys.data?.length === 0 ? (
        <ListEmptyState
          icon={<IconKey size={32} />}
          title="No API keys yet"
          description="Create a key for each system that connects to the API, so each can be revoked on its own."
          action={newButton}
        />
      ) : (
        <PlainTable
          rows={keys.data}
          minWidth={320}
          highlightOnHover
          skeletonRows={3}
          columns={[
            {
              header: 'Name',
              cell: (key) => (
                <>
                  <Text size="sm" fw={500}>
                    {key.name}
                  </Text>
                  <Code hiddenFrom="sm" fz="xs">
                    {key.key.key}…
                  </Code>
                </>
              ),
            },
            { header: 'Key', visibleFrom: 'sm', cell: (key) => <Code>{key.key.key}…</Code> },
            {
              header: 'Last used',
              cell: (key) =>
                key.last_used_at ? (
                  <Tooltip label={formatDateTime(key.last_used_at)}>
                    <Text size="sm" span>
                      {formatRelative(key.last_used_at)}
                    </Text>
                  </Tooltip>
                ) : (
                  <Text size="sm" c="dimmed" span>
                    Never
                  </Text>
                ),
            },
            { header: 'Created', visibleFrom: 'md', cell: (key) => formatDate(key.created_at) },
            {
              header: 'Actions',
              hideHeader: true,
              w: 48,
              cell: (key) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${key.name}`}
                  onClick={() => remove(key)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              ),
            },
          ]}
        />
      )}
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
