import type { Contact } from '@fieldwork/contract';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormActions } from '../../ui/forms/FormActions';
import { pickerData, useSelectOptions } from '../projects/project-options-api';
import { useMoveContact } from './clients-api';

/** Moves a contact to another live client (POST /contacts/{id}/move). */
export function MoveContactModal({
  contact,
  onClose,
}: {
  contact: Contact | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={contact !== null} onClose={onClose} title="Move contact">
      {contact && <MoveForm key={contact.id} contact={contact} onDone={onClose} />}
    </Modal>
  );
}

function MoveForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const clients = useSelectOptions('clients');
  const move = useMoveContact();
  const [clientId, setClientId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = pickerData(clients.data).filter((option) => option.value !== contact.client_id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientId) {
      setError('Choose the client to move the contact to');
      return;
    }
    const target = choices.find((option) => option.value === clientId)?.label ?? 'the client';
    move.mutate(
      { id: contact.id, clientId },
      {
        onSuccess: () => {
          notifySuccess(`${contact.name} moved to ${target}`);
          onDone();
        },
        onError: (failure) => notifyFailure(`Could not move ${contact.name}`, failure),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {contact.name} will belong to the client you choose; the contact leaves{' '}
          {contact.client_name ?? 'this client'}.
        </Text>
        <Select
          label="Move to client"
          placeholder={clients.isPending ? 'Loading clients…' : 'Choose a client'}
          searchable
          data={choices}
          value={clientId}
          onChange={(value) => {
            setClientId(value);
            setError(null);
          }}
          error={error ?? (clients.isError ? 'Could not load clients' : null)}
          nothingFoundMessage="No client matches"
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions submitLabel="Move" pending={move.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
