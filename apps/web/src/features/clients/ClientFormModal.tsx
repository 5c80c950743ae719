import type { Client } from '@fieldwork/contract';
import { Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../ui/forms/FormActions';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { useForm } from '../../ui/forms/use-form';
import { useSaveClient } from './clients-api';

export function ClientFormModal({
  target,
  onClose,
}: {
  target: EditTarget<Client>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="client">
      {(client) => <ClientForm client={client} onDone={onClose} />}
    </RecordFormModal>
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
      { onSuccess: notifySaved(!client, onDone), onError: form.capture },
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
        <FormActions
          submitLabel={client ? 'Save' : 'Create client'}
          pending={saveClient.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
