import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_LABELS,
  webhookCreateSchema,
  type Webhook,
} from '@fieldwork/contract';
import { Checkbox, Group, Modal, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { ModalForm } from '../../ui/forms/ModalForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useSaveWebhook } from './webhooks-api';

interface Values extends Record<string, unknown> {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}

/** Add or edit an endpoint: its address, a note, the events it takes (grouped), on or off. */
export function WebhookFormModal({
  opened,
  webhook,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** The endpoint being edited; none to add one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** The new endpoint, with its secret (shown once). */
  onCreated: (webhook: Webhook) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      size="lg"
    >
      {opened && (
        <WebhookForm
          key={webhook?.id ?? 'new'}
          webhook={webhook}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function WebhookForm({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (webhook: Webhook) => void;
}) {
  const save = useSaveWebhook();
  const form = useZodForm<typeof webhookCreateSchema, Values>(webhookCreateSchema, {
    url: webhook?.url ?? '',
    description: webhook?.description ?? '',
    events: webhook?.events ?? [],
    enabled: webhook?.enabled ?? true,
  });
  return (
    <ModalForm
      onSubmit={form.submit((input) =>
        save.mutate(
          { id: webhook?.id, input },
          {
            onSuccess: (saved) => {
              if (webhook) onClose();
              else onCreated(saved);
            },
            onError: form.capture,
          },
        ),
      )}
      formError={form.formError}
      submitLabel={webhook ? 'Save' : 'Add webhook'}
      pending={save.isPending}
      onCancel={onClose}
    >
      <TextInput
        label="Endpoint URL"
        description="Where the events are sent (POST, JSON), e.g. https://example.com/hooks/fieldwork"
        placeholder="https://"
        required
        data-autofocus
        {...form.bind('url')}
      />
      <Textarea
        label="Description"
        placeholder="e.g. Our ERP"
        minRows={2}
        {...form.bind('description')}
      />
      <Checkbox.Group
        label="Events"
        description="Send only these events to this endpoint."
        required
        {...form.bind('events')}
      >
        <Stack gap="sm" mt="xs">
          {WEBHOOK_EVENT_GROUPS.map((group) => (
            <Stack key={group.label} gap={6}>
              <Text size="sm" fw={600}>
                {group.label}
              </Text>
              <Group gap="md">
                {group.events.map((event) => (
                  <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label="Enabled"
        description="A disabled endpoint is sent nothing until it is enabled again."
        {...form.bind('enabled', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}
