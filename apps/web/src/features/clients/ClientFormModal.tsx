import type { Client } from '@fieldwork/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { useSaveClient } from './clients-api';

/** What the modal edits: a new client, an existing one, or nothing (closed). */
export type ClientEditTarget = { mode: 'create' } | { mode: 'edit'; client: Client } | null;

export function ClientFormModal({
  target,
  onClose,
}: {
  target: ClientEditTarget;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? 'Edit client' : 'New client'}
    >
      {target && (
        <ClientForm
          key={target.mode === 'edit' ? target.client.id : 'new'}
          client={target.mode === 'edit' ? target.client : undefined}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function ClientForm({ client, onDone }: { client: Client | undefined; onDone: () => void }) {
  const saveClient = useSaveClient();
  const form = useForm({ name: client?.name ?? '' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    saveClient.mutate(
      { id: client?.id, input: form.values },
      {
        onSuccess: (saved) => {
          notifySuccess(client ? `${saved.name} saved` : `${saved.name} created`);
          onDone();
        },
        onError: form.capture,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          placeholder="e.g. Northwind Construction"
          required
          data-autofocus
          {...form.bind('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saveClient.isPending}>
            {client ? 'Save' : 'Create client'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
