import type { Webhook } from '@fieldwork/contract';
import { useState } from 'react';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { SecretModal } from './SecretModal';
import { WebhookFormModal } from './WebhookFormModal';
import { useDeleteWebhook, useRotateSecret, useSendTest } from './webhooks-api';

/**
 * What a page does with endpoints: add and edit (the form), show a secret once, rotate it, send
 * a test and delete (each confirmed where it cannot be undone). `dialogs` renders the modals.
 */
export function useWebhookActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const [editing, setEditing] = useState<Webhook | null | undefined>(undefined);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const rotate = useRotateSecret();
  const test = useSendTest();
  const remove = useDeleteWebhook();

  const actions = {
    add: () => setEditing(null),
    edit: (webhook: Webhook) => setEditing(webhook),
    sendTest: (webhook: Webhook) =>
      test.mutate(webhook.id, {
        onSuccess: () => notifySuccess('Test event sent: see the delivery log'),
        onError: (error) => notifyFailure('Could not send the test event', error),
      }),
    rotateSecret: (webhook: Webhook) =>
      confirmDestructive({
        title: 'Rotate signing secret',
        message:
          'A new secret signs every event from now on, and the old one stops working. Update your receiver with the new secret.',
        confirmLabel: 'Rotate secret',
        onConfirm: () =>
          rotate.mutate(webhook.id, {
            onSuccess: (saved) => setSecret({ value: saved.secret, rotated: true }),
            onError: (error) => notifyFailure('Could not rotate the secret', error),
          }),
      }),
    remove: (webhook: Webhook) =>
      confirmDestructive({
        title: 'Delete webhook',
        message: `Delete the webhook to ${webhook.url}? It is sent nothing more, and its delivery log goes with it.`,
        confirmLabel: 'Delete',
        onConfirm: () =>
          remove.mutate(
            { id: webhook.id },
            {
              onSuccess: () => {
                notifySuccess('Webhook deleted');
                onDeleted?.();
              },
              onError: (error) => notifyFailure('Could not delete the webhook', error),
            },
          ),
      }),
  };

  const dialogs = (
    <>
      <WebhookFormModal
        opened={editing !== undefined}
        webhook={editing ?? null}
        onClose={() => setEditing(undefined)}
        onCreated={(created) => {
          setEditing(undefined);
          setSecret({ value: created.secret, rotated: false });
        }}
      />
      <SecretModal
        secret={secret?.value ?? null}
        rotated={secret?.rotated}
        onClose={() => setSecret(null)}
      />
    </>
  );
  return { actions, dialogs, testing: test.isPending };
}
