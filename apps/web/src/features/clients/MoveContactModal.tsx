import { idSchema } from '@fieldwork/contract';
import type { Contact } from '@fieldwork/contract';
import { Select, Text } from '@mantine/core';
import { z } from 'zod';
import { FormDialog } from '../../ui/forms/FormDialog';
import { MutationForm } from '../../ui/forms/MutationForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { pickerData, useSelectOptions } from '../projects';
import { useMoveContact } from './clients-api';

/** The move's body {client_id}, with the picker's own message when no client is chosen. */
const moveContactSchema = z.object({
  client_id: z.string().min(1, 'Choose the client to move the contact to').pipe(idSchema),
});

/** Moves a contact to another live client (POST /contacts/{id}/move). */
export function MoveContactModal({
  contact,
  onClose,
}: {
  contact: Contact | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={contact !== null} onClose={onClose} title="Move contact">
      {contact && <MoveForm key={contact.id} contact={contact} onDone={onClose} />}
    </FormDialog>
  );
}

function MoveForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const clients = useSelectOptions('clients');
  const move = useMoveContact();
  const form = useZodForm(moveContactSchema, { client_id: '' });
  const choices = pickerData(clients.data).filter((option) => option.value !== contact.client_id);

  const movedTo = (clientId: string) =>
    choices.find((option) => option.value === clientId)?.label ?? 'the client';

  return (
    <MutationForm
      form={form}
      mutation={move}
      variables={({ client_id }) => ({ id: contact.id, clientId: client_id })}
      notice={(_, { client_id }) => `${contact.name} moved to ${movedTo(client_id)}`}
      onDone={onDone}
      submitLabel="Move"
    >
      <Text size="sm">
        {contact.name} will belong to the client you choose; the contact leaves{' '}
        {contact.client_name ?? 'this client'}.
      </Text>
      <Select
        label="Move to client"
        placeholder={clients.isPending ? 'Loading clients…' : 'Choose a client'}
        searchable
        data={choices}
        value={form.values.client_id || null}
        onChange={(value) => form.setValue('client_id', value ?? '')}
        error={form.errorOf('client_id') ?? (clients.isError ? 'Could not load clients' : null)}
        nothingFoundMessage="No client matches"
        comboboxProps={{ withinPortal: true }}
      />
    </MutationForm>
  );
}
